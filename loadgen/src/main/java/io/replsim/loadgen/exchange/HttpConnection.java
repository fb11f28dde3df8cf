package io.replsim.loadgen.exchange;

import javax.net.ssl.SSLSocketFactory;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One HTTP/1.1 connection: a real TCP socket the driver opened itself, so that how many connections it opens and
 * keeps is the driver's choice and can be counted (the JDK's HttpClient pools connections out of sight). It sends
 * {@code GET}s one at a time on its caller's (virtual) thread and reads answers framed by Content-Length, chunked
 * encoding or the connection's end. Not thread-safe: one request at a time.
 */
final class HttpConnection implements AutoCloseable {

    private static final int MAX_HEADER_LINE = 16 * 1024;
    private static final int INITIAL_BUFFER = 2048;
    private static final int MAX_BODY = 16 * 1024 * 1024;
    private static final byte[] HTTP_ = ascii("HTTP/");
    private static final byte[] HTTP_1_0 = ascii("HTTP/1.0");
    private static final byte[] SET_COOKIE = ascii("set-cookie");
    private static final byte[] X_REPLSIM_NODE = ascii("x-replsim-node");
    private static final byte[] CONTENT_LENGTH = ascii("content-length");
    private static final byte[] TRANSFER_ENCODING = ascii("transfer-encoding");
    private static final byte[] CONNECTION = ascii("connection");
    private static final byte[] CLOSE = ascii("close");
    private static final byte[] KEEP_ALIVE = ascii("keep-alive");

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /** What came back: status, the headers the checks use, the body, and whether the connection can be reused. */
    record Response(int status, List<String> setCookies, String node, String wantedHeader, byte[] body,
                    boolean reusable) {
    }

    /** The connection could not be made at all: the request never reached a server. */
    static final class ConnectFailure extends IOException {
        ConnectFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final Socket socket;
    private final InputStream in;
    /**
     * Read-ahead of {@code in}: our own, since a BufferedInputStream takes a lock on every byte read. Small at
     * first (a counter answer with its headers is about 250 bytes) and grown only for a longer header line: at
     * 20,000 users the pool held 15,000 connections, whose 8 KiB buffers were 120 MB of heap the collector moved.
     */
    private byte[] buffer = new byte[INITIAL_BUFFER];
    private int position;
    private int limit;
    private final OutputStream out;
    private final String host;
    private final ConnectionCount count;
    private boolean used;
    private boolean closed;
    private int soTimeout = -1;
    /** The last request sent and what it was made of: a user's next request on its connection is mostly the same. */
    private String lastTarget;
    private String lastCookie;
    private boolean lastClose;
    private byte[] lastRequest;
    private String lastWanted;
    private byte[] lastWantedBytes;
    private String lastNode;
    private byte[] lastNodeBytes;

    /** When the request in progress is late, in {@link System#nanoTime()} terms; 0 with none in progress. */
    private volatile long deadline;
    private volatile boolean timedOut;
    /** Whether a {@link RequestDeadlines} watches this connection, else each read has a socket timeout. */
    private final boolean watched;

    private HttpConnection(Socket socket, String host, ConnectionCount count, boolean watched) throws IOException {
        this.watched = watched;
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
        this.host = host;
        this.count = count;
    }

    /** A connection whose reads each wait at most the timeout given to {@link #get}. */
    static HttpConnection open(URI base, Duration connectTimeout, ConnectionCount count) throws IOException {
        return open(base, connectTimeout, count, false);
    }

    /**
     * A connection whose requests are ended by a {@link RequestDeadlines} that watches it ({@code watched}), or by
     * a read timeout on every read.
     */
    static HttpConnection open(URI base, Duration connectTimeout, ConnectionCount count, boolean watched)
            throws IOException {
        boolean tls = "https".equals(base.getScheme());
        int port = base.getPort() >= 0 ? base.getPort() : tls ? 443 : 80;
        Socket socket = tls ? SSLSocketFactory.getDefault().createSocket() : new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(new InetSocketAddress(base.getHost(), port), (int) Math.max(1, connectTimeout.toMillis()));
        } catch (IOException e) {
            socket.close();
            throw new ConnectFailure("cannot connect to " + base.getHost() + ":" + port + ": " + e, e);
        }
        count.opened();
        String host = base.getPort() >= 0 ? base.getHost() + ":" + base.getPort() : base.getHost();
        return new HttpConnection(socket, host, count, watched);
    }

    /** Whether a request was sent on it before: a reused connection may have been closed by the server meanwhile. */
    boolean used() {
        return used;
    }

    /** Closes the connection if its request is past its deadline, so the blocked read ends as a timeout. */
    void expireIfLate(long nowNanos) {
        long due = deadline;
        if (due != 0 && nowNanos - due > 0) {
            timedOut = true;
            close();
        }
    }

    /**
     * Sends {@code GET pathAndQuery} and reads the answer, within {@code timeout} in all on a watched connection,
     * else with each read waiting at most {@code timeout}; a late answer is a {@link SocketTimeoutException}.
     *
     * @param cookie the {@code Cookie} header's value, or null
     * @param close  ask the server to close the connection after answering
     * @param wanted the lower-case name of one more header to keep, or null
     */
    Response get(String pathAndQuery, String cookie, boolean close, Duration timeout, String wanted)
            throws IOException {
        if (!watched) {
            return exchange(pathAndQuery, cookie, close, timeout, wanted);
        }
        if (timedOut) {
            // closed for lateness just as its last answer came: not reusable, like one the server closed
            throw new java.net.SocketException("the connection was closed when its last request ran late");
        }
        deadline = System.nanoTime() + timeout.toNanos();
        try {
            return exchange(pathAndQuery, cookie, close, timeout, wanted);
        } catch (IOException e) {
            if (timedOut) {
                SocketTimeoutException late = new SocketTimeoutException("no answer within " + timeout.toMillis()
                        + " ms");
                late.initCause(e);
                throw late;
            }
            throw e;
        } finally {
            deadline = 0;
        }
    }

    private Response exchange(String pathAndQuery, String cookie, boolean close, Duration timeout, String wanted)
            throws IOException {
        used = true;
        int timeoutMillis = watched ? 0 : (int) Math.max(1, timeout.toMillis());
        if (timeoutMillis != soTimeout) {
            socket.setSoTimeout(timeoutMillis);
            soTimeout = timeoutMillis;
        }
        out.write(request(pathAndQuery, cookie, close));
        out.flush();
        awaitAnswerCheaply();

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
        return new Response(status, setCookies, node, wantedValue, body, !close && !serverCloses);
    }

    /**
     * Lets the other users on this carrier run once before a read that would block: a virtual thread that reads
     * before its answer is there parks through the JDK's poller (a registration, a poller thread woken, an unpark),
     * which cost more than the rest of a request at full speed; after the others have sent theirs, the answer is
     * often there and the read does not block. The latency recorded is still the user's own (from before the send
     * to the parsed answer); what changes is that a user does not claim its carrier back before the others had it.
     */
    private void awaitAnswerCheaply() throws IOException {
        if (position == limit && Thread.currentThread().isVirtual() && in.available() == 0) {
            Thread.yield();
        }
    }

    /** The request's bytes; the same request again (a user's next request on its own connection) is not rebuilt. */
    private byte[] request(String pathAndQuery, String cookie, boolean close) {
        if (lastRequest != null && pathAndQuery.equals(lastTarget) && java.util.Objects.equals(cookie, lastCookie)
                && close == lastClose) {
            return lastRequest;
        }
        StringBuilder request = new StringBuilder(160).append("GET ").append(pathAndQuery).append(" HTTP/1.1\r\nHost: ")
                .append(host).append("\r\nAccept: application/json\r\n");
        if (cookie != null) {
            request.append("Cookie: ").append(cookie).append("\r\n");
        }
        if (close) {
            request.append("Connection: close\r\n");
        }
        lastTarget = pathAndQuery;
        lastCookie = cookie;
        lastClose = close;
        lastRequest = request.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        return lastRequest;
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
        if (lastNode == null || !java.util.Arrays.equals(buffer, start, end, lastNodeBytes, 0, lastNodeBytes.length)) {
            lastNodeBytes = java.util.Arrays.copyOfRange(buffer, start, end);
            lastNode = new String(lastNodeBytes, StandardCharsets.ISO_8859_1);
        }
        return lastNode;
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
        return end - start >= prefix.length && java.util.Arrays.equals(buffer, start, start + prefix.length, prefix, 0,
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
            for (int i = scanned; i < limit; i++) {
                if (buffer[i] == '\n') {
                    return i;
                }
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

    /** Reads more after what the buffer holds, moving that to the front (or growing the buffer) first. */
    private boolean fillMore() throws IOException {
        int held = limit - position;
        if (position > 0) {
            System.arraycopy(buffer, position, buffer, 0, held);
            position = 0;
            limit = held;
        }
        if (limit == buffer.length) {
            buffer = java.util.Arrays.copyOf(buffer, buffer.length * 2);
        }
        int read = in.read(buffer, limit, buffer.length - limit);
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

    /** Up to {@code length} bytes: what the buffer holds first, then straight from the socket. */
    private byte[] readUpTo(int length) throws IOException {
        byte[] bytes = new byte[length];
        int fromBuffer = Math.min(length, limit - position);
        System.arraycopy(buffer, position, bytes, 0, fromBuffer);
        position += fromBuffer;
        int done = fromBuffer;
        while (done < length) {
            int read = in.read(bytes, done, length - done);
            if (read < 0) {
                return java.util.Arrays.copyOf(bytes, done);
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
            int semicolon = sizeLine.indexOf(';');
            int size = Integer.parseInt((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
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

    private byte[] readToEnd() throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.write(buffer, position, limit - position);
        position = limit;
        all.write(in.readNBytes(MAX_BODY + 1 - all.size()));
        byte[] body = all.toByteArray();
        if (body.length > MAX_BODY) {
            throw new IOException("a body of more than " + MAX_BODY + " bytes");
        }
        return body;
    }

    static boolean isReadTimeout(IOException e) {
        return e instanceof SocketTimeoutException;
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        count.closed();
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing is best effort; the count already says it is gone
        }
    }
}
