package io.replsim.loadgen.check.state;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The profile app's session: an identity, the user's name (a String), the serial as a {@code long[]}, and
 * {@code attributes} attributes {@code attr0..}, all written when the session is made (serial 1), then
 * {@code modifiedPerRequest()} of them in turn by each later update, each value derived from the session id, its
 * name and the serial that wrote it. Whether the node changes them in place or with setAttribute, the values are
 * the same (docs/interfaces.md §2b); a read changes none.
 *
 * @param modifiedShare the share of attributes a request replaces, 0 to 1 (at least one when above 0)
 */
public record ProfileState(int attributes, int attributeBytes, ValueShape shape, double modifiedShare)
        implements AppState {
    private static final int BYTES_PER_GRAPH_NODE = 64;

    /** What an attribute's value is made of: one byte array, or a list of small maps. */
    public enum ValueShape { BYTES, GRAPH }

    public ProfileState {
        if (attributes < 1 || attributeBytes < 1) {
            throw new IllegalArgumentException("a profile has at least 1 attribute of at least 1 byte, got "
                    + attributes + " of " + attributeBytes);
        }
        if (!(modifiedShare >= 0 && modifiedShare <= 1)) {
            throw new IllegalArgumentException("modifiedShare is from 0 to 1, got " + modifiedShare);
        }
        Objects.requireNonNull(shape, "shape");
    }

    /** How many attributes one request changes, as the node rounds it. */
    public int modifiedPerRequest() {
        return modifiedShare == 0 ? 0 : Math.max(1, (int) Math.round(modifiedShare * attributes));
    }

    @Override
    public List<Written> at(String session, long serial) {
        long[] versions = versionsAt(serial);
        var written = new ArrayList<Written>(attributes + 3);
        written.add(new Written("identity", 0, () -> DerivedRandom.bytes(session, "identity", 0, 32)));
        written.add(new Written("user", 0,
                () -> "user-" + new DerivedRandom(session, "user", 0).below(1_000_000_000L)));
        written.add(new Written("serial", serial, () -> new long[] {serial}));
        for (int i = 0; i < attributes; i++) {
            String name = "attr" + i;
            long version = versions[i];
            written.add(new Written(name, version, () -> value(session, name, version)));
        }
        return written;
    }

    /** The serial that last wrote each attribute: request {@code s ≥ 2} writes {@code (s·c + k) mod attributes}. */
    private long[] versionsAt(long serial) {
        long[] versions = new long[attributes];
        Arrays.fill(versions, 1);
        int changed = modifiedPerRequest();
        if (changed == 0) {
            return versions;
        }
        boolean[] seen = new boolean[attributes];
        int left = attributes;
        for (long s = serial; s >= 2 && left > 0; s--) {
            for (int k = 0; k < changed; k++) {
                int index = (int) ((s * changed + k) % attributes);
                if (!seen[index]) {
                    seen[index] = true;
                    versions[index] = s;
                    left--;
                }
            }
        }
        return versions;
    }

    private Object value(String session, String name, long version) {
        return switch (shape) {
            case BYTES -> DerivedRandom.bytes(session, name, version, attributeBytes);
            case GRAPH -> {
                var random = new DerivedRandom(session, name, version);
                int nodes = Math.max(1, attributeBytes / BYTES_PER_GRAPH_NODE);
                var graph = new ArrayList<Map<String, Object>>(nodes);
                for (int i = 0; i < nodes; i++) {
                    var node = new HashMap<String, Object>();
                    node.put("id", i);
                    node.put("name", "item-" + i);
                    node.put("price", random.below(1_000_000));
                    graph.add(node);
                }
                yield graph;
            }
        };
    }
}
