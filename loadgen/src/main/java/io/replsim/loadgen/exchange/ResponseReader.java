package io.replsim.loadgen.exchange;

import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Reads HTTP/1.1 answers, framed by Content-Length, chunked encoding or the connection's end, from one connection's
 * bytes through its own read-ahead buffer. The blocking connection and the event loop's connection share it: a
 * {@link #blocking} reader waits in its source for every byte; a {@link #resumable} one is fed by a source that may
 * have nothing yet, and then keeps the unfinished answer's bytes and says so, to parse it again from its start when
 * more has come. Not thread-safe: one connection's answers, one at a time.
 */
final class ResponseReader {

    /** A connection's incoming bytes. */
    interface Source {
        /** Reads into {@code into[offset, offset + length)}: the bytes read, -1 at the end, 0 if none has come yet. */
        int read(byte[] into, int offset, int length) throws IOException;
    }

    private static final int MAX_HEADER_LINE = 16 * 1024;
    private static final int INITIAL_BUFFER = 2048;
    private static final int MAX_BODY = 16 * 1024 * 1024;
    private static final byte[] HTTP_ = ascii("HTTP/");
    private static final byte[] HTTP_1_0 = ascii("HTTP/1.0");
    private static final byte[] SET_COOKIE = ascii("set-cookie");
    private static final byte[] X_REPLSIM_NODE = ascii("x-replsim-node");
    private static final byte[] X_REPLSIM_SESSION = ascii("x-replsim-session");
    private static final byte[] X_REPLSIM_LIST = ascii(RecordedList.LIST_HEADER);
    private static final byte[] CONTENT_LENGTH = ascii("content-length");
    private static final byte[] TRANSFER_ENCODING = ascii("transfer-encoding");
    private static final byte[] CONNECTION = ascii("connection");
    private static final byte[] CLOSE = ascii("close");
    private static final byte[] KEEP_ALIVE = ascii("keep-alive");
    /** The buffer read eight bytes at a time, for the search of every line's end. */
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long EVERY_BYTE_LF = 0x0A0A0A0A0A0A0A0AL;
    private static final long EVERY_BYTE_ONE = 0x0101010101010101L;
    private static final long EVERY_BYTE_HIGH_BIT = 0x8080808080808080L;

    /**
     * The source has nothing more yet: thrown from deep in the parse to its start, where it is caught, so it is
     * made once and carries no stack trace.
     */
    private static final class Incomplete extends RuntimeException {
        private Incomplete() {
            super("the answer is not complete yet", null, false, false);
        }
    }

    private static final Incomplete INCOMPLETE = new Incomplete();

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    private final Source source;
    /** Whether the source may have nothing yet, so every byte of an unfinished answer is kept to parse again. */
    private final boolean resumable;
    /**
     * Read-ahead of the source: our own, since a BufferedInputStream takes a lock on every byte read. Small at
     * first (a counter answer with its headers is about 250 bytes) and grown only for a longer line (or, resumable,
     * a longer answer): at 20,000 users the pool held 15,000 connections, whose 8 KiB buffers were 120 MB of heap
     * the collector moved.
     */
    private byte[] buffer = new byte[INITIAL_BUFFER];
    private int position;
    private int limit;
    /** Where the answer being read starts in {@code buffer}: a resumable reader keeps everything from here. */
    private int answerStart;
    private String lastWanted;
    private byte[] lastWantedBytes;
    /** The last node's name: the same node mostly answers again, and then its String is reused. */
    private final RepeatedText nodeHeader = new RepeatedText();
    private final ReplyTexts replyTexts = ReplyTexts.none();

    private ResponseReader(Source source, boolean resumable) {
        this.source = source;
        this.resumable = resumable;
    }

    /** A reader whose source waits for bytes (returns 0 only when asked for none). */
    static ResponseReader blocking(Source source) {
        return new ResponseReader(source, false);
    }

    /** A reader whose source may have nothing yet (a non-blocking channel): {@link #read} then returns null. */
    static ResponseReader resumable(Source source) {
        return new ResponseReader(source, true);
    }

    /** Whether bytes read from the source wait in the buffer, unparsed. */
    boolean holdsUnread() {
        return position < limit;
    }

    /**
     * The next answer, or null if a resumable reader's source has nothing more yet: then every byte of it is kept
     * and the next call parses it again from its start.
     *
     * @param close  whether the request asked the server to close the connection after it
     * @param wanted the lower-case name of one more header to keep, or null
     */
    Response read(boolean close, String wanted) throws IOException {
        answerStart = position;
        try {
            return parse(close, wanted);
        } catch (Incomplete notYet) {
            position = answerStart;
            return null;
        }
    }

    private Response parse(boolean close, String wanted) throws IOException {
        int end = lineEnd();
        if (end < 0) {
            throw new EOFException("the server closed the connection before answering");
        }
        int status = status(contentEnd(end));
        boolean serverCloses = startsWith(position, end, HTTP_1_0);
        position = end + 1;
        byte[] wantedName = wanted == null ? null : wantedName(wanted);
        List<String> setCookies = List.of();
        String node = null;
        String wantedValue = null;
        String session = null;
        String list = null;
        long length = -1;
        boolean chunked = false;
        // header lines read in place as bytes: a String only for the values the checks keep
        while ((end = lineEnd()) >= 0) {
            int lineEnd = contentEnd(end);
            int start = position;
            position = end + 1;
            if (lineEnd == start) {
                break;
            }
            int colon = indexOf(start, lineEnd, (byte) ':');
            if (colon <= start) {
                continue;
            }
            int valueStart = colon + 1;
            while (valueStart < lineEnd && (buffer[valueStart] == ' ' || buffer[valueStart] == '\t')) {
                valueStart++;
            }
            int valueEnd = lineEnd;
            while (valueEnd > valueStart && (buffer[valueEnd - 1] == ' ' || buffer[valueEnd - 1] == '\t')) {
                valueEnd--;
            }
            if (wantedName != null && nameIs(start, colon, wantedName)) {
                wantedValue = text(valueStart, valueEnd);
            }
            if (nameIs(start, colon, SET_COOKIE)) {
                if (setCookies.isEmpty()) {
                    setCookies = new ArrayList<>(1);
                }
                setCookies.add(text(valueStart, valueEnd));
            } else if (nameIs(start, colon, X_REPLSIM_NODE)) {
                node = nodeName(valueStart, valueEnd);
            } else if (nameIs(start, colon, X_REPLSIM_SESSION)) {
                session = text(valueStart, valueEnd);
            } else if (nameIs(start, colon, X_REPLSIM_LIST)) {
                list = text(valueStart, valueEnd);
            } else if (nameIs(start, colon, CONTENT_LENGTH)) {
                length = contentLength(valueStart, valueEnd);
            } else if (nameIs(start, colon, TRANSFER_ENCODING)) {
                chunked = text(valueStart, valueEnd).toLowerCase(Locale.ROOT).contains("chunked");
            } else if (nameIs(start, colon, CONNECTION)) {
                serverCloses = valueIs(valueStart, valueEnd, CLOSE)
                        || serverCloses && !valueIs(valueStart, valueEnd, KEEP_ALIVE);
            }
        }
        if (end < 0) {
            throw new EOFException("the connection ended inside the response's headers");
        }
        byte[] body;
        if (chunked) {
            body = readChunked();
        } else if (length >= 0) {
            body = readExactly(length);
        } else if (status == 204 || status == 304) {
            body = new byte[0];
        } else {
            body = readToEnd();
            serverCloses = true;
        }
        return new Response(status, setCookies, node, wantedValue, body, !close && !serverCloses, session, list,
                replyTexts);
    }

    private byte[] wantedName(String wanted) {
        if (!wanted.equals(lastWanted)) {
            lastWanted = wanted;
            lastWantedBytes = wanted.getBytes(StandardCharsets.ISO_8859_1);
        }
        return lastWantedBytes;
    }

    /** The status code of the status line in {@code buffer[position, end)}. */
    private int status(int end) throws IOException {
        int space = indexOf(position, end, (byte) ' ');
        if (!startsWith(position, end, HTTP_) || space < 0 || space + 4 > end
                || space + 4 < end && buffer[space + 4] != ' ') {
            throw new IOException("not an HTTP status line: " + text(position, end));
        }
        int code = 0;
        for (int i = space + 1; i < space + 4; i++) {
            if (buffer[i] < '0' || buffer[i] > '9') {
                throw new IOException("not an HTTP status line: " + text(position, end));
            }
            code = code * 10 + buffer[i] - '0';
        }
        return code;
    }

    private long contentLength(int start, int end) throws IOException {
        if (start == end || end - start > 18) {
            throw new IOException("not a Content-Length: " + text(start, end));
        }
        long value = 0;
        for (int i = start; i < end; i++) {
            if (buffer[i] < '0' || buffer[i] > '9') {
                throw new IOException("not a Content-Length: " + text(start, end));
            }
            value = value * 10 + buffer[i] - '0';
        }
        return value;
    }

    /** The node's name: the same String as last time when the same node answered again, as it mostly does. */
    private String nodeName(int start, int end) {
        String same = nodeHeader.reuse(buffer, start, end);
        return same != null ? same : nodeHeader.keep(buffer, start, end, text(start, end));
    }

    private String text(int start, int end) {
        return new String(buffer, start, end - start, StandardCharsets.ISO_8859_1);
    }

    private int indexOf(int start, int end, byte wanted) {
        for (int i = start; i < end; i++) {
            if (buffer[i] == wanted) {
                return i;
            }
        }
        return -1;
    }

    private boolean startsWith(int start, int end, byte[] prefix) {
        return end - start >= prefix.length && Arrays.equals(buffer, start, start + prefix.length, prefix, 0,
                prefix.length);
    }

    /** Whether the header name in {@code buffer[start, end)} is {@code lowerCaseName}, ignoring ASCII case. */
    private boolean nameIs(int start, int end, byte[] lowerCaseName) {
        return valueIs(start, end, lowerCaseName);
    }

    private boolean valueIs(int start, int end, byte[] lowerCase) {
        if (end - start != lowerCase.length) {
            return false;
        }
        for (int i = 0; i < lowerCase.length; i++) {
            byte b = buffer[start + i];
            byte c = lowerCase[i];
            if (b != c && !(c >= 'a' && c <= 'z' && b == c - ('a' - 'A'))) {
                return false;
            }
        }
        return true;
    }

    /** The end of the line's content (before its CR, if any) given the index of its LF. */
    private int contentEnd(int lf) {
        return lf > position && buffer[lf - 1] == '\r' ? lf - 1 : lf;
    }

    /**
     * Makes sure a whole LF-terminated line starting at {@code position} is in the buffer and returns its LF's index;
     * -1 at the end of the stream before any byte of it.
     */
    private int lineEnd() throws IOException {
        int scanned = position;
        while (true) {
            int lf = indexOfLf(scanned, limit);
            if (lf >= 0) {
                return lf;
            }
            if (limit - position > MAX_HEADER_LINE) {
                throw new IOException("a header line longer than " + MAX_HEADER_LINE + " bytes");
            }
            scanned = limit - position;
            if (!fillMore()) {
                if (limit == position) {
                    return -1;
                }
                throw new EOFException("the connection ended inside a header line");
            }
            scanned += position;
        }
    }

    /**
     * The first LF in {@code buffer[from, to)}, or -1: every byte of an answer's head is searched, eight at a step
     * (a word's bytes that are LF found at once, the lowest of them first).
     */
    private int indexOfLf(int from, int to) {
        int i = from;
        for (; i <= to - Long.BYTES; i += Long.BYTES) {
            long lfsZero = (long) LONGS.get(buffer, i) ^ EVERY_BYTE_LF;
            long found = (lfsZero - EVERY_BYTE_ONE) & ~lfsZero & EVERY_BYTE_HIGH_BIT;
            if (found != 0) {
                return i + (Long.numberOfTrailingZeros(found) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (buffer[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /**
     * Reads more after what the buffer holds, first moving what is still needed (from {@code position}, or from the
     * answer's start for a resumable reader) to the front, or growing the buffer; false at the source's end.
     */
    private boolean fillMore() throws IOException {
        int keep = resumable ? answerStart : position;
        if (keep > 0) {
            int held = limit - keep;
            System.arraycopy(buffer, keep, buffer, 0, held);
            position -= keep;
            answerStart -= keep;
            limit = held;
        }
        if (limit == buffer.length) {
            buffer = Arrays.copyOf(buffer, buffer.length * 2);
        }
        int read = source.read(buffer, limit, buffer.length - limit);
        if (read == 0 && resumable) {
            throw INCOMPLETE;
        }
        if (read <= 0) {
            return false;
        }
        limit += read;
        return true;
    }

    /** A CRLF- (or LF-) terminated line in ISO-8859-1, or null at the end of the stream before any byte. */
    private String readLine() throws IOException {
        int end = lineEnd();
        if (end < 0) {
            return null;
        }
        String line = text(position, contentEnd(end));
        position = end + 1;
        return line;
    }

    /**
     * Up to {@code length} bytes: what the buffer holds first, then, blocking, straight from the source into the
     * body; resumable, through the buffer, which must keep them until the answer is whole.
     */
    private byte[] readUpTo(int length) throws IOException {
        while (resumable && limit - position < length && fillMore()) {
            // the loop's condition reads
        }
        byte[] bytes = new byte[length];
        int fromBuffer = Math.min(length, limit - position);
        System.arraycopy(buffer, position, bytes, 0, fromBuffer);
        position += fromBuffer;
        int done = fromBuffer;
        while (done < length) {
            int read = resumable ? -1 : source.read(bytes, done, length - done);
            if (read < 0) {
                return Arrays.copyOf(bytes, done);
            }
            done += read;
        }
        return bytes;
    }

    private byte[] readExactly(long length) throws IOException {
        if (length > MAX_BODY) {
            throw new IOException("a body of " + length + " bytes, more than the driver reads (" + MAX_BODY + ")");
        }
        byte[] body = readUpTo((int) length);
        if (body.length < length) {
            throw new EOFException("the connection ended after " + body.length + " of " + length + " body bytes");
        }
        return body;
    }

    private byte[] readChunked() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        while (true) {
            String sizeLine = readLine();
            if (sizeLine == null) {
                throw new EOFException("the connection ended inside a chunked body");
            }
            int size = chunkSize(sizeLine);
            if (size == 0) {
                for (String trailer = readLine(); trailer != null && !trailer.isEmpty(); trailer = readLine()) {
                    // trailers carry nothing the checks use
                }
                return body.toByteArray();
            }
            if (body.size() + size > MAX_BODY) {
                throw new IOException("a chunked body of more than " + MAX_BODY + " bytes");
            }
            body.write(readExactly(size));
            readLine(); // the CRLF after the chunk
        }
    }

    private static int chunkSize(String sizeLine) throws IOException {
        int semicolon = sizeLine.indexOf(';');
        try {
            return Integer.parseInt((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
        } catch (NumberFormatException e) {
            throw new IOException("not a chunk size: " + sizeLine, e);
        }
    }

    /** The rest of the connection's bytes, through the buffer: an answer without a length ends with its connection. */
    private byte[] readToEnd() throws IOException {
        while (limit - position <= MAX_BODY && fillMore()) {
            // the loop's condition reads
        }
        if (limit - position > MAX_BODY) {
            throw new IOException("a body of more than " + MAX_BODY + " bytes");
        }
        byte[] body = Arrays.copyOfRange(buffer, position, limit);
        position = limit;
        return body;
    }
}
