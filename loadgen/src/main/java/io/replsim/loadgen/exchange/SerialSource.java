package io.replsim.loadgen.exchange;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where an answer's serial (the session's request count, which the checks follow) is read from. The replsim apps
 * answer in the counter's JSON, which also carries the session id and a payload digest; another cluster's app
 * needs only to show the count somewhere: a JSON field, a header, or the body matched by a pattern. Then the
 * session id comes from the cookie and no digest is checked.
 */
public sealed interface SerialSource {

    /** The replsim apps' JSON (interface doc §2): session, serial, node, digest and created. */
    record CounterJson() implements SerialSource {
    }

    /** A whole number at a JSON pointer of the body, e.g. {@code /count} or {@code /session/hits}. */
    record JsonField(String pointer) implements SerialSource {
        public JsonField {
            Objects.requireNonNull(pointer, "pointer");
            if (!pointer.startsWith("/")) {
                throw new IllegalArgumentException("a JSON pointer starts with '/', such as /count; got " + pointer);
            }
        }
    }

    /** A whole number in a response header, e.g. {@code X-Count}. */
    record Header(String name) implements SerialSource {
        public Header {
            if (Objects.requireNonNull(name, "name").isBlank()) {
                throw new IllegalArgumentException("a header name, such as X-Count");
            }
        }
    }

    /** The first group of a pattern found in the body, e.g. {@code count=(\d+)}. */
    record BodyPattern(Pattern pattern) implements SerialSource {
        public BodyPattern {
            if (Objects.requireNonNull(pattern, "pattern").matcher("").groupCount() < 1) {
                throw new IllegalArgumentException("a pattern with a group around the number, such as count=(\\d+);"
                        + " got " + pattern);
            }
        }
    }

    /**
     * Reads {@code json}, {@code json:/pointer}, {@code header:Name} or {@code regex:pattern}, as the command line
     * gives it.
     */
    static SerialSource parse(String text) {
        String trimmed = text.trim();
        if (trimmed.equals("json")) {
            return new CounterJson();
        }
        int colon = trimmed.indexOf(':');
        String kind = colon < 0 ? trimmed : trimmed.substring(0, colon);
        String rest = colon < 0 ? "" : trimmed.substring(colon + 1);
        return switch (kind) {
            case "json" -> new JsonField(rest);
            case "header" -> new Header(rest);
            case "regex" -> new BodyPattern(Pattern.compile(rest));
            default -> throw new IllegalArgumentException("unknown serial source \"" + text + "\"; expected json (the"
                    + " replsim apps), json:/pointer, header:Name or regex:pattern-with-(group)");
        };
    }
}
