package io.replsim.loadgen.exchange;

import javax.net.ssl.SSLSocketFactory;
import java.io.BufferedInputStream;
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
    private final OutputStream out;
    private final String host;
    private final ConnectionCount count;
    private boolean used;
    private boolean closed;

    private HttpConnection(Socket socket, String host, ConnectionCount count) throws IOException {
        this.socket = socket;
        this.in = new BufferedInputStream(socket.getInputStream(), 8192);
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
            String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = line.substring(colon + 1).trim();
            if (name.equals(wanted)) {
                wantedValue = value;
            }
            switch (name) {
                case "set-cookie" -> setCookies.add(value);
                case "x-replsim-node" -> node = value;
                case "content-length" -> length = Long.parseLong(value);
                case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                case "connection" -> serverCloses = value.equalsIgnoreCase("close")
                        || serverCloses && !value.equalsIgnoreCase("keep-alive");
                default -> { }
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
        StringBuilder line = new StringBuilder(64);
        while (true) {
            int b = in.read();
            if (b < 0) {
                if (line.isEmpty()) {
                    return null;
                }
                throw new EOFException("the connection ended inside a header line");
            }
            if (b == '\n') {
                int end = line.length();
                if (end > 0 && line.charAt(end - 1) == '\r') {
                    line.setLength(end - 1);
                }
                return line.toString();
            }
            if (line.length() >= MAX_HEADER_LINE) {
                throw new IOException("a header line longer than " + MAX_HEADER_LINE + " bytes");
            }
            line.append((char) b);
        }
    }

    private byte[] readExactly(long length) throws IOException {
        if (length > MAX_BODY) {
            throw new IOException("a body of " + length + " bytes, more than the driver reads (" + MAX_BODY + ")");
        }
        byte[] body = in.readNBytes((int) length);
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
        byte[] body = in.readNBytes(MAX_BODY + 1);
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
