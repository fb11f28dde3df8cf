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
    private static final int MAX_BODY = 16 * 1024 * 1024;

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
    /** Read-ahead of {@code in}: our own, since a BufferedInputStream takes a lock on every byte read. */
    private final byte[] buffer = new byte[8192];
    private int position;
    private int limit;
    private final OutputStream out;
    private final String host;
    private final ConnectionCount count;
    private boolean used;
    private boolean closed;

    private HttpConnection(Socket socket, String host, ConnectionCount count) throws IOException {
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
        this.host = host;
        this.count = count;
    }

    static HttpConnection open(URI base, Duration connectTimeout, ConnectionCount count) throws IOException {
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
        return new HttpConnection(socket, host, count);
    }

    /** Whether a request was sent on it before: a reused connection may have been closed by the server meanwhile. */
    boolean used() {
        return used;
    }

    /**
     * Sends {@code GET pathAndQuery} and reads the answer; each read waits at most {@code timeout}.
     *
     * @param cookie the {@code Cookie} header's value, or null
     * @param close  ask the server to close the connection after answering
     * @param wanted the lower-case name of one more header to keep, or null
     */
    Response get(String pathAndQuery, String cookie, boolean close, Duration timeout, String wanted)
            throws IOException {
        used = true;
        socket.setSoTimeout((int) Math.max(1, timeout.toMillis()));
        StringBuilder request = new StringBuilder(160).append("GET ").append(pathAndQuery).append(" HTTP/1.1\r\nHost: ")
                .append(host).append("\r\nAccept: application/json\r\n");
        if (cookie != null) {
            request.append("Cookie: ").append(cookie).append("\r\n");
        }
        if (close) {
            request.append("Connection: close\r\n");
        }
        out.write(request.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        out.flush();

        String statusLine = readLine();
        if (statusLine == null) {
            throw new EOFException("the server closed the connection before answering");
        }
        int status = parseStatus(statusLine);
        List<String> setCookies = new ArrayList<>(1);
        String node = null;
        String wantedValue = null;
        long length = -1;
        boolean chunked = false;
        boolean serverCloses = statusLine.startsWith("HTTP/1.0");
        for (String line = readLine(); line != null && !line.isEmpty(); line = readLine()) {
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            // names compared in place: no lower-cased copy of every header a response carries
            if (wanted != null && colon == wanted.length() && line.regionMatches(true, 0, wanted, 0, colon)) {
                wantedValue = valueOf(line, colon);
            }
            if (is(line, colon, "set-cookie")) {
                setCookies.add(valueOf(line, colon));
            } else if (is(line, colon, "x-replsim-node")) {
                node = valueOf(line, colon);
            } else if (is(line, colon, "content-length")) {
                length = Long.parseLong(valueOf(line, colon));
            } else if (is(line, colon, "transfer-encoding")) {
                chunked = valueOf(line, colon).toLowerCase(Locale.ROOT).contains("chunked");
            } else if (is(line, colon, "connection")) {
                String value = valueOf(line, colon);
                serverCloses = value.equalsIgnoreCase("close") || serverCloses && !value.equalsIgnoreCase("keep-alive");
            }
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

    private static boolean is(String line, int colon, String lowerCaseName) {
        return colon == lowerCaseName.length() && line.regionMatches(true, 0, lowerCaseName, 0, colon);
    }

    private static String valueOf(String line, int colon) {
        return line.substring(colon + 1).trim();
    }

    private static int parseStatus(String statusLine) throws IOException {
        String[] parts = statusLine.split(" ", 3);
        if (parts.length < 2 || !parts[0].startsWith("HTTP/")) {
            throw new IOException("not an HTTP status line: " + statusLine);
        }
        try {
            return Integer.parseInt(parts[1]);
        } catch (NumberFormatException e) {
            throw new IOException("not an HTTP status line: " + statusLine, e);
        }
    }

    /** A CRLF- (or LF-) terminated line in ISO-8859-1, or null at the end of the stream before any byte. */
    private String readLine() throws IOException {
        StringBuilder line = null;
        while (true) {
            if (position == limit && !fill()) {
                if (line == null || line.isEmpty()) {
                    return null;
                }
                throw new EOFException("the connection ended inside a header line");
            }
            int start = position;
            while (position < limit && buffer[position] != '\n') {
                position++;
            }
            if (position < limit) {
                int end = position++;
                if (line == null) {
                    // the usual case: the whole line is in the buffer
                    return new String(buffer, start, end > start && buffer[end - 1] == '\r' ? end - 1 - start
                            : end - start, StandardCharsets.ISO_8859_1);
                }
                line.append(new String(buffer, start, end - start, StandardCharsets.ISO_8859_1));
                int length = line.length();
                if (length > 0 && line.charAt(length - 1) == '\r') {
                    line.setLength(length - 1);
                }
                return line.toString();
            }
            if (line == null) {
                line = new StringBuilder(128);
            }
            line.append(new String(buffer, start, position - start, StandardCharsets.ISO_8859_1));
            if (line.length() > MAX_HEADER_LINE) {
                throw new IOException("a header line longer than " + MAX_HEADER_LINE + " bytes");
            }
        }
    }

    /** Reads more into the empty buffer; false at the end of the stream. */
    private boolean fill() throws IOException {
        int read = in.read(buffer, 0, buffer.length);
        if (read <= 0) {
            return false;
        }
        position = 0;
        limit = read;
        return true;
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
