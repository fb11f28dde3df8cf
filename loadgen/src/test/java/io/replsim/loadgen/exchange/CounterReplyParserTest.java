package io.replsim.loadgen.exchange;

import io.replsim.loadgen.check.CounterReply;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The hand parser of the counter's reply reads what the node writes, exactly as Jackson binding did, and leaves
 * every other shape to Jackson.
 */
class CounterReplyParserTest {

    /**
     * The node's reply as cluster-node writes it (SessionRequests.Response, written by JsonWriter's plain
     * ObjectMapper): the same components in the same order, so Jackson writes the same bytes. loadgen may not
     * depend on cluster-node, hence the copy.
     */
    record NodeReply(String session, int serial, String node, String digest, boolean created) {
    }

    private static final ObjectMapper NODE_WRITER = new ObjectMapper();
    private static final ObjectMapper JACKSON = new ObjectMapper();

    private static byte[] bytes(String json) {
        return json.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void readsTheNodesReplyShapeWithoutJackson() throws IOException {
        // the node's writer with a session id (no '.'), a serial, the node's name and a 16-hex digest
        byte[] written = NODE_WRITER.writeValueAsBytes(new NodeReply("Yq3wVx1ZbT0kR8mA", 7, "node2", "9f86d081884c7d65",
                false));
        assertThat(CounterReplyParser.parseFlat(written)).isEqualTo(
                new CounterReply("Yq3wVx1ZbT0kR8mA", 7, "node2", "9f86d081884c7d65", false));
        // the documented shape byte for byte (docs/interfaces): fields in the record's order, no spaces
        byte[] body = bytes("{\"session\":\"Yq3wVx1ZbT0kR8mA.node2\",\"serial\":7,\"node\":\"node2\","
                + "\"digest\":\"9f86d081884c7d65\",\"created\":false}");
        assertThat(CounterReplyParser.parseFlat(body)).isEqualTo(
                new CounterReply("Yq3wVx1ZbT0kR8mA.node2", 7, "node2", "9f86d081884c7d65", false));
    }

    @Test
    void readsWhatTheNodesWriterWritesWithEscapesAsJacksonDoes() throws IOException {
        List<String> awkward = List.of("plain", "quote\"inside", "back\\slash", "tab\tand\nnewline", "\u0001control",
                "slash/and</script>", "é accents ü", "emoji \uD83D\uDE00 pair", "\u2028line separator", "");
        for (String text : awkward) {
            byte[] body = NODE_WRITER.writeValueAsBytes(new NodeReply(text + ".s", 42, text, "0123456789abcdef", true));
            assertThat(CounterReplyParser.parseFlat(body)).as(new String(body, StandardCharsets.UTF_8))
                    .isEqualTo(JACKSON.readValue(body, CounterReply.class))
                    .isEqualTo(new CounterReply(text + ".s", 42, text, "0123456789abcdef", true));
        }
    }

    @Test
    void readsRandomStringsTheNodesWriterEscapes() throws IOException {
        Random random = new Random(20261121);
        for (int i = 0; i < 2_000; i++) {
            StringBuilder text = new StringBuilder();
            for (int c = random.nextInt(12); c > 0; c--) {
                text.append((char) (random.nextBoolean() ? random.nextInt(0x80) : random.nextInt(0xD800)));
            }
            NodeReply written = new NodeReply(text.toString(), random.nextInt(Integer.MAX_VALUE), "n" + text,
                    text.reverse().toString(), random.nextBoolean());
            byte[] body = NODE_WRITER.writeValueAsBytes(written);
            assertThat(CounterReplyParser.parseFlat(body)).as(new String(body, StandardCharsets.UTF_8)).isEqualTo(
                    new CounterReply(written.session(), written.serial(), written.node(), written.digest(),
                            written.created()));
        }
    }

    @Test
    void readsTheFieldsInAnyOrderWithSpacesUnknownFieldsNullsAndEscapedNames() throws IOException {
        String[] bodies = {
                "{\"created\":true,\"digest\":\"d\",\"node\":\"n1\",\"serial\":3,\"session\":\"s\"}",
                " {\n\t\"serial\" : 3 ,\r\n \"extra\" : \"x\\\"y\", \"n\": -12, \"b\": false, \"z\": null,"
                        + " \"session\":\"s\", \"node\":\"n1\", \"digest\":\"d\", \"created\":true } ",
                "{\"ser\\u0069al\":3,\"session\":\"\\u0073\",\"node\":\"n1\",\"digest\":\"d\",\"created\":true}",
                "{\"serial\":1,\"serial\":3,\"session\":\"s\",\"node\":\"n1\",\"digest\":\"d\",\"created\":true}",
        };
        for (String json : bodies) {
            CounterReply flat = CounterReplyParser.parseFlat(bytes(json));
            assertThat(flat).as(json).isEqualTo(new CounterReply("s", 3, "n1", "d", true))
                    .isEqualTo(JACKSON.readValue(bytes(json), CounterReply.class));
        }
        CounterReply partial = CounterReplyParser.parseFlat(bytes("{\"serial\":3,\"node\":null}"));
        assertThat(partial).isEqualTo(new CounterReply(null, 3, null, null, false));
        assertThat(partial.complete()).isFalse();
    }

    @Test
    void theNodesOwnLayoutReadsAsTheGeneralParserReadsIt() throws IOException {
        List<byte[]> bodies = new ArrayList<>();
        Random random = new Random(20261202);
        for (int i = 0; i < 500; i++) {
            StringBuilder text = new StringBuilder();
            for (int c = random.nextInt(8); c > 0; c--) {
                text.append((char) (random.nextInt(4) == 0 ? random.nextInt(0x800) : random.nextInt(0x80)));
            }
            bodies.add(NODE_WRITER.writeValueAsBytes(new NodeReply(text.toString(), random.nextInt(Integer.MAX_VALUE),
                    "node" + i % 3, text.reverse().toString(), random.nextBoolean())));
        }
        byte[] written = bytes("{\"session\":\"Yq3w.node2\",\"serial\":7,\"node\":\"node2\","
                + "\"digest\":\"9f86d081884c7d65\",\"created\":false}");
        byte[] changes = bytes(" \"\\09-.eE},\u0001tn");
        for (int at = 0; at <= written.length; at++) {
            bodies.add(Arrays.copyOf(written, at));
            for (byte change : changes) {
                if (at < written.length) {
                    byte[] changed = written.clone();
                    changed[at] = change;
                    bodies.add(changed);
                }
                byte[] longer = new byte[written.length + 1];
                System.arraycopy(written, 0, longer, 0, at);
                longer[at] = change;
                System.arraycopy(written, at, longer, at + 1, written.length - at);
                bodies.add(longer);
            }
        }
        for (String serial : List.of("0", "00", "01", "123456789012345678", "1234567890123456789",
                "9223372036854775807", "9223372036854775808", "-3", "3.5", "3e2")) {
            bodies.add(bytes("{\"session\":\"s\",\"serial\":" + serial + ",\"node\":\"n\",\"digest\":\"d\","
                    + "\"created\":true}"));
        }
        int asWritten = 0;
        for (byte[] body : bodies) {
            CounterReply read = NodeWrittenReply.read(body, ReplyTexts.none());
            if (read != null) {
                asWritten++;
                assertThat(read).as(new String(body, StandardCharsets.UTF_8))
                        .isEqualTo(CounterReplyParser.parseAnyOrder(body, ReplyTexts.none()));
            }
        }
        assertThat(NodeWrittenReply.read(written, ReplyTexts.none()))
                .isEqualTo(new CounterReply("Yq3w.node2", 7, "node2", "9f86d081884c7d65", false));
        assertThat(asWritten).isGreaterThan(500);
    }

    @Test
    void aConnectionsRepliesReuseOnlyTheStringsThatCameAgain() throws IOException {
        ReplyTexts texts = ReplyTexts.none();
        CounterReply first = CounterReplyParser.parse(bytes("{\"session\":\"s1\",\"serial\":1,\"node\":\"node1\","
                + "\"digest\":\"d1\",\"created\":true}"), texts);
        CounterReply same = CounterReplyParser.parse(bytes("{\"session\":\"s1\",\"serial\":2,\"node\":\"node1\","
                + "\"digest\":\"d1\",\"created\":false}"), texts);
        assertThat(same).isEqualTo(new CounterReply("s1", 2, "node1", "d1", false));
        assertThat(same.session()).isSameAs(first.session());
        assertThat(same.node()).isSameAs(first.node());
        assertThat(same.digest()).isSameAs(first.digest());
        // another value in each field, one a prefix of the last, one longer, one of the same length
        assertThat(CounterReplyParser.parse(bytes("{\"session\":\"s\",\"serial\":3,\"node\":\"node12\","
                + "\"digest\":\"d2\",\"created\":false}"), texts))
                .isEqualTo(new CounterReply("s", 3, "node12", "d2", false));
        // a field's last string is not another field's, and a null or escaped one reads as it is
        assertThat(CounterReplyParser.parse(bytes("{\"session\":\"node12\",\"serial\":4,\"node\":null,"
                + "\"digest\":\"\\u0064\\u0032\",\"created\":false}"), texts))
                .isEqualTo(new CounterReply("node12", 4, null, "d2", false));
        assertThat(CounterReplyParser.parse(bytes("{\"session\":\"s\u00e9\",\"serial\":5,\"node\":\"node12\","
                + "\"digest\":\"d2\",\"created\":false}"), texts))
                .isEqualTo(new CounterReply("s\u00e9", 5, "node12", "d2", false));
    }

    @Test
    void leavesOtherShapesToJacksonAndReadsThemAsItDoes() throws IOException {
        String[] bodies = {
                "{\"session\":\"s\",\"serial\":3,\"node\":\"n1\",\"digest\":\"d\",\"created\":true,\"more\":{\"a\":[1]}}",
                "{\"session\":\"s\",\"serial\":3.0,\"node\":\"n1\",\"digest\":\"d\",\"created\":true}",
                "{\"session\":\"s\",\"serial\":\"3\",\"node\":\"n1\",\"digest\":\"d\",\"created\":true}",
                "{\"session\":\"s\",\"serial\":3,\"node\":\"n1\",\"digest\":\"d\",\"created\":true} trailing",
        };
        for (String json : bodies) {
            assertThat(CounterReplyParser.parseFlat(bytes(json))).as(json).isNull();
            assertThat(CounterReplyParser.parse(bytes(json))).as(json)
                    .isEqualTo(JACKSON.readValue(bytes(json), CounterReply.class))
                    .isEqualTo(new CounterReply("s", 3, "n1", "d", true));
        }
    }

    @Test
    void malformedRepliesGiveJacksonsErrorSayingWhere() {
        for (String json : List.of("", "{\"session\":\"s\",\"serial\":3", "{\"session\":\"unterminated}",
                "<html>503</html>", "{\"serial\":99999999999999999999999}")) {
            assertThat(CounterReplyParser.parseFlat(bytes(json))).as(json).isNull();
            assertThatThrownBy(() -> CounterReplyParser.parse(bytes(json))).as(json).isInstanceOf(IOException.class);
        }
    }
}
