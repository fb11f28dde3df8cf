package io.replsim.loadgen.exchange;

import io.replsim.loadgen.check.CounterReply;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Matcher;

/**
 * Turns another cluster's answer into what the checks judge: the serial from where the {@link SerialSource} says,
 * the session id from the cookie (the one issued, else the one sent), no digest (so nothing is judged CORRUPT),
 * and a session counted as new when the user sent no cookie.
 */
final class ForeignReply {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Every answer of a foreign app has this digest: it carries none to compare. */
    static final String NO_DIGEST = "-";

    private ForeignReply() {
    }

    static CounterReply read(SerialSource source, Response response, Optional<SessionCookie> sent,
                             Optional<SessionCookie> issued, String node) throws IOException {
        String session = issued.or(() -> sent).map(SessionCookie::sessionId).orElseThrow(
                () -> new IOException("the answer sets no session cookie and none was sent: check the cookie name"));
        long serial = switch (source) {
            case SerialSource.CounterJson json -> throw new IllegalArgumentException("the counter's JSON is not foreign");
            case SerialSource.JsonField field -> {
                JsonNode value = JSON.readTree(response.body()).at(field.pointer());
                if (!value.canConvertToLong()) {
                    throw new IOException("no whole number at " + field.pointer() + " of the answer");
                }
                yield value.asLong();
            }
            case SerialSource.Header header -> {
                if (response.wantedHeader() == null) {
                    throw new IOException("no header " + header.name() + " in the answer");
                }
                yield parse(response.wantedHeader(), "header " + header.name());
            }
            case SerialSource.BodyPattern pattern -> {
                Matcher matcher = pattern.pattern().matcher(new String(response.body(), StandardCharsets.UTF_8));
                if (!matcher.find()) {
                    throw new IOException("the answer does not match " + pattern.pattern());
                }
                yield parse(matcher.group(1), "the pattern's group");
            }
        };
        return new CounterReply(session, serial, node, NO_DIGEST, sent.isEmpty());
    }

    private static long parse(String text, String where) throws IOException {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IOException(where + " is not a whole number: " + text, e);
        }
    }
}
