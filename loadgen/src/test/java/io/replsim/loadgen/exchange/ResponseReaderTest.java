package io.replsim.loadgen.exchange;

import org.junit.jupiter.api.Test;

import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The resumable reader, fed as a non-blocking channel feeds it: pieces with "nothing yet" between them. Until the
 * last byte of an answer has come it says "incomplete" and keeps every byte; then the whole answer is there.
 */
class ResponseReaderTest {

    /** Bytes in the pieces given, with nothing between any two of them, then the end (or nothing, if open). */
    private static final class PiecewiseSource implements ResponseReader.Source {
        private final Deque<byte[]> pieces = new ArrayDeque<>();
        private boolean ended;
        private boolean nothingNext;
        int reads;

        void add(byte[] bytes, int pieceSize) {
            for (int at = 0; at < bytes.length; at += pieceSize) {
                pieces.addLast(Arrays.copyOfRange(bytes, at, Math.min(bytes.length, at + pieceSize)));
            }
        }

        void end() {
            ended = true;
        }

        @Override
        public int read(byte[] into, int offset, int length) {
            reads++;
            if (nothingNext || pieces.isEmpty()) {
                nothingNext = false;
                return pieces.isEmpty() && ended ? -1 : 0;
            }
            byte[] piece = pieces.peekFirst();
            int n = Math.min(length, piece.length);
            System.arraycopy(piece, 0, into, offset, n);
            pieces.pollFirst();
            if (n < piece.length) {
                pieces.addFirst(Arrays.copyOfRange(piece, n, piece.length));
            }
            nothingNext = true;
            return n;
        }
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Reads until the answer is whole, counting the "incomplete"s on the way. */
    private static Response readWhole(ResponseReader reader, boolean close, String wanted, int[] incompletes)
            throws IOException {
        for (int tries = 0; tries < 1_000_000; tries++) {
            Response response = reader.read(close, wanted);
            if (response != null) {
                return response;
            }
            incompletes[0]++;
        }
        throw new AssertionError("never complete");
    }

    @Test
    void everyLineEndIsFoundWhereverItFallsInAnEightByteWord() throws IOException {
        StringBuilder answer = new StringBuilder("HTTP/1.1 200 OK\r\n");
        for (int length = 0; length <= 17; length++) {
            answer.append("X-Filler: ").append("\u00ff".repeat(length)).append(length % 2 == 0 ? "\r\n" : "\n");
        }
        answer.append("X-Replsim-Node: n7\nContent-Length: 3\r\n\r\nabc");
        for (int pieceSize : new int[] {1, 3, 8, 13, 4096}) {
            PiecewiseSource source = new PiecewiseSource();
            source.add(ascii(answer.toString()), pieceSize);
            Response response = readWhole(ResponseReader.resumable(source), false, "x-filler", new int[1]);
            assertThat(response.node()).as("pieces of %d", pieceSize).isEqualTo("n7");
            assertThat(response.wantedHeader()).isEqualTo("\u00ff".repeat(17));
            assertThat(response.body()).isEqualTo(ascii("abc"));
        }
    }

    @Test
    void theNodesNameIsTheLastOnesOnlyWhenTheSameNodeAnswersAgain() throws IOException {
        PiecewiseSource source = new PiecewiseSource();
        for (String node : new String[] {"node1", "node1", "node12", "node2", "NODE2"}) {
            source.add(ascii("HTTP/1.1 200 OK\r\nX-Replsim-Node: " + node + "\r\nContent-Length: 0\r\n\r\n"), 1024);
        }
        ResponseReader reader = ResponseReader.resumable(source);
        int[] incompletes = new int[1];
        Response first = readWhole(reader, false, null, incompletes);
        Response again = readWhole(reader, false, null, incompletes);
        assertThat(again.node()).isEqualTo("node1").isSameAs(first.node());
        assertThat(readWhole(reader, false, null, incompletes).node()).isEqualTo("node12");
        assertThat(readWhole(reader, false, null, incompletes).node()).isEqualTo("node2");
        assertThat(readWhole(reader, false, null, incompletes).node()).isEqualTo("NODE2");
    }

    @Test
    void aContentLengthAnswerInPiecesIsIncompleteUntilItsLastByte() throws IOException {
        String answer = "HTTP/1.1 200 OK\r\nSet-Cookie: SID=abc.n1; Path=/\r\nX-Replsim-Node: n1\r\nX-Count: 7\r\n"
                + "Content-Length: 12\r\n\r\n{\"serial\":3}";
        PiecewiseSource source = new PiecewiseSource();
        source.add(ascii(answer), 5);
        ResponseReader reader = ResponseReader.resumable(source);
        int[] incompletes = {0};
        Response response = readWhole(reader, false, "x-count", incompletes);
        int pieces = (answer.length() + 4) / 5;
        assertThat(incompletes[0]).as("one after each piece but the last").isEqualTo(pieces - 1);
        assertThat(response.status()).isEqualTo(200);
        assertThat(response.setCookies()).containsExactly("SID=abc.n1; Path=/");
        assertThat(response.node()).isEqualTo("n1");
        assertThat(response.wantedHeader()).isEqualTo("7");
        assertThat(new String(response.body(), StandardCharsets.ISO_8859_1)).isEqualTo("{\"serial\":3}");
        assertThat(response.reusable()).isTrue();
        assertThat(reader.holdsUnread()).isFalse();
    }

    @Test
    void aChunkedAnswerLongerThanTheBufferInPiecesIsReadWhole() throws IOException {
        String big = "y".repeat(9_000);
        String answer = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nhello \r\n"
                + Integer.toHexString(big.length()) + ";ext=1\r\n" + big + "\r\n0\r\nTrailer: t\r\n\r\n";
        PiecewiseSource source = new PiecewiseSource();
        source.add(ascii(answer), 333);
        ResponseReader reader = ResponseReader.resumable(source);
        int[] incompletes = {0};
        Response response = readWhole(reader, true, null, incompletes);
        assertThat(incompletes[0]).isGreaterThan(20);
        assertThat(new String(response.body(), StandardCharsets.ISO_8859_1)).isEqualTo("hello " + big);
        assertThat(response.reusable()).as("the request asked to close").isFalse();
    }

    @Test
    void aBodyWithoutLengthIsCompleteAtTheEndOfTheConnection() throws IOException {
        PiecewiseSource source = new PiecewiseSource();
        source.add(ascii("HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nhits=4"), 4);
        ResponseReader reader = ResponseReader.resumable(source);
        for (int i = 0; i < 100; i++) {
            assertThat(reader.read(false, null)).as("open connection, no length: never complete").isNull();
        }
        source.end();
        Response response = reader.read(false, null);
        assertThat(new String(response.body(), StandardCharsets.ISO_8859_1)).isEqualTo("hits=4");
        assertThat(response.reusable()).isFalse();
    }

    @Test
    void twoAnswersInOnePieceAreReadOneAfterTheOther() throws IOException {
        PiecewiseSource source = new PiecewiseSource();
        source.add(ascii("HTTP/1.1 204 No Content\r\n\r\nHTTP/1.1 503\r\nContent-Length: 2\r\n\r\nno"), 1_000);
        ResponseReader reader = ResponseReader.resumable(source);
        int[] incompletes = {0};
        assertThat(readWhole(reader, false, null, incompletes).status()).isEqualTo(204);
        assertThat(reader.holdsUnread()).isTrue();
        Response second = reader.read(false, null);
        assertThat(second.status()).isEqualTo(503);
        assertThat(new String(second.body(), StandardCharsets.ISO_8859_1)).isEqualTo("no");
    }

    @Test
    void theEndInsideAnAnswerIsAnErrorNotAnIncompleteAnswer() throws IOException {
        PiecewiseSource source = new PiecewiseSource();
        source.add(ascii("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort"), 100);
        source.end();
        ResponseReader reader = ResponseReader.resumable(source);
        assertThatThrownBy(() -> reader.read(false, null)).isInstanceOf(EOFException.class)
                .hasMessageContaining("5 of 10");
        PiecewiseSource empty = new PiecewiseSource();
        empty.end();
        assertThatThrownBy(() -> ResponseReader.resumable(empty).read(false, null)).isInstanceOf(EOFException.class)
                .hasMessageContaining("before answering");
    }

    @Test
    void aBadChunkSizeIsAnIoError() {
        PiecewiseSource source = new PiecewiseSource();
        source.add(ascii("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"), 1_000);
        source.end();
        ResponseReader reader = ResponseReader.resumable(source);
        assertThatThrownBy(() -> readWhole(reader, false, null, new int[1])).isInstanceOf(IOException.class)
                .hasMessageContaining("not a chunk size: zz");
    }
}
