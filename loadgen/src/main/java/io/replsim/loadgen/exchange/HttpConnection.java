package io.replsim.loadgen.exchange;

import javax.net.ssl.SSLSocketFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;

/**
 * One HTTP/1.1 connection: a real TCP socket the driver opened itself, so that how many connections it opens and
 * keeps is the driver's choice and can be counted (the JDK's HttpClient pools connections out of sight). It sends
 * {@code GET}s one at a time on its caller's (virtual) thread and reads answers framed by Content-Length, chunked
 * encoding or the connection's end. Not thread-safe: one request at a time.
 */
final class HttpConnection implements AutoCloseable {

    /** The connection could not be made at all: the request never reached a server. */
    static final class ConnectFailure extends IOException {
        ConnectFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private final Socket socket;
    private final InputStream in;
    private final ResponseReader reader;
    private final OutputStream out;
    private final ConnectionCount count;
    private boolean answered;
    /** Whether the request in progress, or the last one, went out whole: the node may have it. */
    private boolean requestSent;
    /** Whether any byte of the answer to the request in progress, or the last one, has come. */
    private boolean answerBegun;
    private boolean closed;
    private int soTimeout = -1;
    /** This connection's requests: a user's next request on it is mostly the same as its last. */
    private final RequestBytes requests;

    /** When the request in progress is late, in {@link System#nanoTime()} terms; 0 with none in progress. */
    private volatile long deadline;
    private volatile boolean timedOut;
    /** Whether a {@link RequestDeadlines} watches this connection, else each read has a socket timeout. */
    private final boolean watched;

    private HttpConnection(Socket socket, URI base, ConnectionCount count, boolean watched) throws IOException {
        this.watched = watched;
        this.socket = socket;
        this.in = socket.getInputStream();
        this.out = socket.getOutputStream();
        this.requests = RequestBytes.to(base);
        this.reader = ResponseReader.blocking(this::readAnswer);
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
        return open(base, connectTimeout, count, watched, (SSLSocketFactory) SSLSocketFactory.getDefault());
    }

    /** As above, with the sockets to {@code https} nodes made by {@code tls}, the certificates it trusts. */
    static HttpConnection open(URI base, Duration connectTimeout, ConnectionCount count, boolean watched,
                               SSLSocketFactory tls) throws IOException {
        InetSocketAddress address = addressOf(base);
        Socket socket = "https".equals(base.getScheme()) ? tls.createSocket() : new Socket();
        try {
            socket.setTcpNoDelay(true);
            socket.connect(address, (int) Math.max(1, connectTimeout.toMillis()));
        } catch (IOException e) {
            socket.close();
            throw new ConnectFailure("cannot connect to " + base.getHost() + ":" + address.getPort() + ": " + e, e);
        }
        count.opened();
        return new HttpConnection(socket, base, count, watched);
    }

    /** Where a node at {@code base} listens: its URL's port, else its scheme's (443 for https, 80 otherwise). */
    static InetSocketAddress addressOf(URI base) {
        int port = base.getPort() >= 0 ? base.getPort() : "https".equals(base.getScheme()) ? 443 : 80;
        return new InetSocketAddress(base.getHost(), port);
    }

    /**
     * Whether it answered a request before: such a connection may have been closed by the server while idle, a new
     * one that fails did not go stale.
     */
    boolean reused() {
        return answered;
    }

    /**
     * Whether the last request was written whole before it failed: then the node may have processed it, and a
     * failure after that is of unknown outcome even when a new connection is refused next.
     */
    boolean requestSent() {
        return requestSent;
    }

    /**
     * Whether the last request went out whole and no byte of an answer came before it failed: the node took it and
     * then went away (or closed the connection) without answering.
     */
    boolean unanswered() {
        return requestSent && !answerBegun;
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
     * @param requestId the request's id in the run's history, or 0 when none is kept
     * @param close  ask the server to close the connection after answering
     * @param wanted the lower-case name of one more header to keep, or null
     */
    Response get(String pathAndQuery, String cookie, long requestId, boolean close, Duration timeout, String wanted)
            throws IOException {
        if (!watched) {
            return exchange(pathAndQuery, cookie, requestId, close, timeout, wanted);
        }
        if (timedOut) {
            // closed for lateness just as its last answer came: not reusable, like one the server closed
            throw new java.net.SocketException("the connection was closed when its last request ran late");
        }
        deadline = System.nanoTime() + timeout.toNanos();
        try {
            return exchange(pathAndQuery, cookie, requestId, close, timeout, wanted);
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

    private Response exchange(String pathAndQuery, String cookie, long requestId, boolean close, Duration timeout,
                              String wanted) throws IOException {
        int timeoutMillis = watched ? 0 : (int) Math.max(1, timeout.toMillis());
        if (timeoutMillis != soTimeout) {
            socket.setSoTimeout(timeoutMillis);
            soTimeout = timeoutMillis;
        }
        requestSent = false;
        answerBegun = reader.holdsUnread();
        out.write(requests.get(pathAndQuery, cookie, close, requestId));
        out.flush();
        requestSent = true;
        awaitAnswerCheaply();
        Response response = reader.read(close, wanted);
        answered = true;
        return response;
    }

    /**
     * Lets the other users on this carrier run once before a read that would block: a virtual thread that reads
     * before its answer is there parks through the JDK's poller (a registration, a poller thread woken, an unpark),
     * which cost more than the rest of a request at full speed; after the others have sent theirs, the answer is
     * often there and the read does not block. The latency recorded is still the user's own (from before the send
     * to the parsed answer); what changes is that a user does not claim its carrier back before the others had it.
     */
    private void awaitAnswerCheaply() throws IOException {
        if (!reader.holdsUnread() && Thread.currentThread().isVirtual() && in.available() == 0) {
            Thread.yield();
        }
    }

    /** The reader's source: the socket's bytes, noting that an answer has begun. */
    private int readAnswer(byte[] into, int offset, int length) throws IOException {
        int read = in.read(into, offset, length);
        if (read > 0) {
            answerBegun = true;
        }
        return read;
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
