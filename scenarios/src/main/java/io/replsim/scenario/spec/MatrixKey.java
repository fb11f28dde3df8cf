package io.replsim.scenario.spec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a matrix sets its values in a scenario file: a path of field names and list items as the problems of a
 * scenario file name them ({@code replication.placement}, {@code faults[0].gap}).
 *
 * @param path     as written in the matrix
 * @param segments each field name, or a list item's index as its decimal text in brackets
 */
record MatrixKey(String path, List<String> segments) {

    private static final Pattern SEGMENT = Pattern.compile("([A-Za-z][A-Za-z0-9_-]*)((?:\\[\\d{1,4}])*)");
    private static final Pattern INDEX = Pattern.compile("\\[(\\d{1,4})]");
    static final String EXPECTED = "a path of a scenario file's fields, such as replication.placement,"
            + " workload.profile.attributeSize or faults[0].gap";

    MatrixKey {
        segments = List.copyOf(segments);
    }

    /** The key as written, or empty when it is no path of field names and list items. */
    static Optional<MatrixKey> parse(String path) {
        List<String> segments = new ArrayList<>();
        for (String part : path.split("\\.", -1)) {
            Matcher matcher = SEGMENT.matcher(part);
            if (!matcher.matches()) {
                return Optional.empty();
            }
            segments.add(matcher.group(1));
            Matcher index = INDEX.matcher(matcher.group(2));
            while (index.find()) {
                segments.add(index.group());
            }
        }
        return Optional.of(new MatrixKey(path, segments));
    }

    /** The last field's name: what a variant's label calls this key ({@code placement}). */
    String field() {
        for (int i = segments.size() - 1; ; i--) {
            if (!isIndex(segments.get(i))) {
                return segments.get(i);
            }
        }
    }

    /** Whether {@code other} sets a field inside what this key sets (or is this key): the two would collide. */
    boolean covers(MatrixKey other) {
        return other.segments.size() >= segments.size() && other.segments.subList(0, segments.size()).equals(segments);
    }

    /**
     * Why this key cannot be set in {@code root}, or empty when it can: each step but the last must find a map (a
     * missing one is made) or a list with the item asked for. A matrix sets fields; it makes no list items.
     */
    Optional<String> unreachableIn(JsonNode root) {
        JsonNode at = root;
        StringBuilder walked = new StringBuilder();
        for (int i = 0; i < segments.size(); i++) {
            String segment = segments.get(i);
            if (isIndex(segment)) {
                if (!at.isArray() || index(segment) >= at.size()) {
                    return Optional.of("a list item the file has: " + walked + " has "
                            + (at.isArray() ? at.size() + " item(s)" : "no list") + ", and a matrix adds none");
                }
                at = at.get(index(segment));
            } else {
                if (!at.isObject() && !at.isMissingNode() && !at.isNull()) {
                    return Optional.of("a path through the file's maps, but " + walked + " is "
                            + WrittenValue.of(at) + ", not a map");
                }
                at = at.path(segment);
            }
            walked.append(i == 0 || isIndex(segment) ? "" : ".").append(segment);
        }
        return Optional.empty();
    }

    /**
     * Sets {@code value} at this key in {@code root} (checked with {@link #unreachableIn}), making missing maps on
     * the way; a map value sets each of its fields in the map found there, leaving its other fields as written.
     */
    void set(ObjectNode root, JsonNode value) {
        JsonNode at = root;
        for (int i = 0; i < segments.size() - 1; i++) {
            String segment = segments.get(i);
            if (isIndex(segment)) {
                at = at.get(index(segment));
            } else {
                ObjectNode map = (ObjectNode) at;
                JsonNode child = map.get(segment);
                at = child == null || child.isNull() ? map.putObject(segment) : child;
            }
        }
        String last = segments.getLast();
        JsonNode current = isIndex(last) ? at.get(index(last)) : at.get(last);
        if (value.isObject() && current != null && current.isObject()) {
            ((ObjectNode) current).setAll((ObjectNode) value.deepCopy());
        } else if (isIndex(last)) {
            ((ArrayNode) at).set(index(last), value.deepCopy());
        } else {
            ((ObjectNode) at).set(last, value.deepCopy());
        }
    }

    private static boolean isIndex(String segment) {
        return segment.startsWith("[");
    }

    private static int index(String segment) {
        return Integer.parseInt(segment.substring(1, segment.length() - 1));
    }
}
