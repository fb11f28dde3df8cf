package io.replsim.loadgen.exchange;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.stream.Collectors;

/**
 * Sends a user's request to a node on the calling thread, which blocks until the answer (the thread-per-user
 * carrier's client; {@link LoopClient} is the event loops'), and turns whatever happens into an {@link Exchange}.
 * Connections are the driver's own sockets ({@link HttpConnection}), used as the {@link ConnectionMode} says and
 * counted; cookies are passed by hand, since every user is its own browser with its own session and a shared
 * cookie jar would merge them.
 */
public final class BlockingClient implements AutoCloseable {

    private final RequestTargets targets;
    private final Map<String, URI> bases;
    private final Duration requestTimeout;
    private final ConnectionMode mode;
    private final ExchangeReader answers;
    private final ConnectionCount count = new ConnectionCount();
    /** Idle kept-alive connections by node, for {@link ConnectionMode#SHARED_POOL}. */
    private final Map<String, ConcurrentLinkedDeque<HttpConnection>> pools = new ConcurrentHashMap<>();
    /** Each user's (thread's) connections by node, for {@link ConnectionMode#PER_USER}. */
    private final ThreadLocal<Map<String, HttpConnection>> perUser = ThreadLocal.withInitial(HashMap::new);
    /** Every connection not yet closed, so {@link #close()} leaves none open. */
    private final Set<HttpConnection> live = ConcurrentHashMap.newKeySet();
    /** Ends the requests that outlive the request timeout. */
    private final RequestDeadlines deadlines;
    private volatile boolean closed;

    public BlockingClient(List<NodeEndpoint> nodes, String path, Duration requestTimeout) {
        this(nodes, path, List.of(), requestTimeout, ConnectionMode.SHARED_POOL);
    }

    /** A client of the replsim apps. */
    public BlockingClient(List<NodeEndpoint> nodes, String path, List<String> otherPaths, Duration requestTimeout,
                         ConnectionMode mode) {
        this(nodes, path, otherPaths, requestTimeout, mode, TargetProtocol.REPLSIM);
    }

    /** A client for {@code path} and the {@code otherPaths} a user script sends to as well. */
    public BlockingClient(List<NodeEndpoint> nodes, String path, List<String> otherPaths, Duration requestTimeout,
                         ConnectionMode mode, TargetProtocol protocol) {
        this(nodes, path, otherPaths, requestTimeout, mode, protocol, requestTimeout);
    }

    /**
     * A client whose attempts may be given a timeout of their own ({@link #get(NodeEndpoint, String, Optional, long,
     * Optional)}) as short as {@code shortestTimeout}: the deadlines are looked at often enough for that one.
     */
    public BlockingClient(List<NodeEndpoint> nodes, String path, List<String> otherPaths, Duration requestTimeout,
                         ConnectionMode mode, TargetProtocol protocol, Duration shortestTimeout) {
        this.answers = new ExchangeReader(protocol);
        this.targets = new RequestTargets(nodes, path, otherPaths);
        this.requestTimeout = requestTimeout;
        this.mode = mode;
        this.bases = nodes.stream().collect(Collectors.toUnmodifiableMap(NodeEndpoint::name, NodeEndpoint::baseUri));
        nodes.forEach(node -> pools.put(node.name(), new ConcurrentLinkedDeque<>()));
        this.deadlines = new RequestDeadlines(live, shortestTimeout.compareTo(requestTimeout) < 0 ? shortestTimeout
                : requestTimeout);
    }

    /** One attempt; blocks the calling (virtual) thread until the answer, a failure or the request timeout. */
    public Exchange get(NodeEndpoint node, Optional<SessionCookie> cookie) throws InterruptedException {
        return get(node, targets.defaultPath(), cookie);
    }

    /** The path a request goes to when none is named. */
    public String defaultPath() {
        return targets.defaultPath();
    }

    /** One attempt at {@code path}, one of the paths the client was made for. */
    public Exchange get(NodeEndpoint node, String path, Optional<SessionCookie> cookie) throws InterruptedException {
        return get(node, path, cookie, 0);
    }

    /** One attempt at {@code path} for a request kept in the run's history as {@code requestId} (0: none). */
    public Exchange get(NodeEndpoint node, String path, Optional<SessionCookie> cookie, long requestId)
            throws InterruptedException {
        return get(node, path, cookie, requestId, Optional.empty());
    }

    /**
     * One attempt that waits {@code timeout} for its answer (a balancer's, {@code Balancer.retryOnTimeout}), or the
     * client's request timeout when empty; a new connection must be made within it too, as the event loop's attempt
     * deadline covers its connect, so that a node whose connects hang (a cut network) costs either runtime the same.
     */
    public Exchange get(NodeEndpoint node, String path, Optional<SessionCookie> cookie, long requestId,
                        Optional<Duration> timeout) throws InterruptedException {
        String target = targets.of(node, path);
        String cookieHeader = answers.cookieHeader(cookie);
        Sent sent;
        try {
            sent = send(node.name(), target, cookieHeader, requestId, timeout.orElse(requestTimeout));
        } catch (IOException e) {
            if (Thread.interrupted() || closed) {
                throw new InterruptedException("stopped during a request to " + node.name());
            }
            SentThenFailed afterSending = e instanceof SentThenFailed known ? known : null;
            IOException failure = afterSending != null ? afterSending.failure : e;
            ErrorKind kind = kindOf(failure);
            if (kind == ErrorKind.CONNECT) {
                dropIdle(node.name());
            }
            Exchange.Failed failed = new Exchange.Failed(System.currentTimeMillis(), kind, String.valueOf(failure),
                    kind == ErrorKind.IO && afterSending != null && afterSending.unanswered);
            return afterSending != null && afterSending.resent ? failed.asResent() : failed;
        }
        Exchange answered = answers.toExchange(node, sent.response(), cookie);
        return sent.resent() ? answered.asResent() : answered;
    }

    /** An answer, and whether its request went out whole twice ({@link Exchange#resent()}). */
    private record Sent(Response response, boolean resent) {
    }

    /**
     * Sends on a connection the mode chooses. A reused connection that fails before any answer was most likely
     * closed by the server while idle (keep-alive timeout), so the request goes once more on a new connection, as
     * browsers and pools do.
     */
    private Sent send(String node, String target, String cookie, long requestId, Duration timeout)
            throws IOException {
        HttpConnection connection = take(node, timeout);
        boolean sentBefore = false;
        try {
            Response response;
            try {
                response = connection.get(target, cookie, requestId, mode == ConnectionMode.PER_REQUEST, timeout,
                        answers.wantedHeader());
            } catch (IOException stale) {
                if (!connection.reused() || stale instanceof SocketTimeoutException || !(reusedAndIdleClosed(stale))) {
                    throw stale;
                }
                boolean sent = connection.requestSent();
                discard(node, connection);
                // A new one, not the next idle one: after a node restarted or died, every idle one is as stale.
                try {
                    connection = open(node, timeout);
                } catch (HttpConnection.ConnectFailure refused) {
                    if (!sent) {
                        throw refused;
                    }
                    dropIdle(node);
                    throw new SentThenRefused(stale, refused);
                }
                sentBefore = sent;
                response = connection.get(target, cookie, requestId, mode == ConnectionMode.PER_REQUEST, timeout,
                        answers.wantedHeader());
            }
            if (response.reusable()) {
                giveBack(node, connection);
            } else {
                discard(node, connection);
            }
            return new Sent(response, sentBefore);
        } catch (IOException e) {
            discard(node, connection);
            boolean resent = sentBefore && connection.requestSent();
            throw connection.unanswered() || resent ? new SentThenFailed(e, connection.unanswered(), resent) : e;
        } catch (RuntimeException e) {
            discard(node, connection);
            throw e;
        }
    }

    /**
     * {@code failure} came after the request went out whole: before any byte of an answer ({@code unanswered}), or
     * on a new connection after it had gone out whole on a kept-alive one ({@code resent}), or both.
     */
    private static final class SentThenFailed extends IOException {
        final IOException failure;
        final boolean unanswered;
        final boolean resent;

        SentThenFailed(IOException failure, boolean unanswered, boolean resent) {
            super(failure.getMessage(), failure);
            this.failure = failure;
            this.unanswered = unanswered;
            this.resent = resent;
        }
    }

    /**
     * The request went out whole on a kept-alive connection that then failed, and the node refused a new one: the
     * node may have processed the request before it went away, so this is an I/O failure of unknown outcome, not a
     * refusal (a refusal never reached a node). The refusal is kept as a suppressed exception, not as the cause, so
     * {@link #kindOf} does not take it for one.
     */
    static final class SentThenRefused extends IOException {
        SentThenRefused(IOException failedAfterSending, IOException refused) {
            super("the request was sent on a kept-alive connection that then failed (" + failedAfterSending
                    + "), and a new connection could not be made (" + refused + "): outcome unknown",
                    failedAfterSending);
            addSuppressed(refused);
        }
    }

    private static boolean reusedAndIdleClosed(IOException e) {
        return e instanceof java.io.EOFException || e instanceof java.net.SocketException;
    }

    private HttpConnection take(String node, Duration connectTimeout) throws IOException {
        HttpConnection connection = switch (mode) {
            case SHARED_POOL -> pools.get(node).pollFirst();
            case PER_USER -> perUser.get().get(node); // stays there until discarded
            case PER_REQUEST -> null;
        };
        return connection != null ? connection : open(node, connectTimeout);
    }

    private HttpConnection open(String node, Duration connectTimeout) throws IOException {
        HttpConnection opened = HttpConnection.open(bases.get(node), connectTimeout, count, true);
        live.add(opened);
        if (closed) {
            opened.close();
            live.remove(opened);
            throw new IOException("the client is closed");
        }
        return opened;
    }

    /**
     * A refused connection means nothing listens at the node's address any more: its idle pooled connections are
     * dead too, and each would cost a user a failed request if it were taken later.
     */
    private void dropIdle(String node) {
        if (mode != ConnectionMode.SHARED_POOL) {
            return;
        }
        for (HttpConnection idle; (idle = pools.get(node).pollFirst()) != null; ) {
            idle.close();
            live.remove(idle);
        }
    }

    private void giveBack(String node, HttpConnection connection) {
        switch (mode) {
            case SHARED_POOL -> pools.get(node).addFirst(connection);
            case PER_USER -> {
                Map<String, HttpConnection> own = perUser.get();
                if (own.get(node) != connection) {
                    own.put(node, connection);
                }
            }
            case PER_REQUEST -> discard(node, connection);
        }
    }

    private void discard(String node, HttpConnection connection) {
        if (mode == ConnectionMode.PER_USER) {
            perUser.get().remove(node, connection);
        }
        connection.close();
        live.remove(connection);
    }

    /**
     * A refused connection and a connect timeout both mean the request never reached a server, so they are safe to
     * retry elsewhere; any other timeout or I/O failure happened after the request may have been processed.
     */
    static ErrorKind kindOf(IOException failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof HttpConnection.ConnectFailure || t instanceof HttpConnectTimeoutException
                    || t instanceof ConnectException) {
                return ErrorKind.CONNECT;
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof HttpTimeoutException || t instanceof SocketTimeoutException) {
                return ErrorKind.TIMEOUT;
            }
        }
        return ErrorKind.IO;
    }

    /** The connections opened so far, open now, and the most open at once. */
    public ConnectionCount.Connections connections() {
        return count.snapshot(mode);
    }

    public ConnectionMode mode() {
        return mode;
    }

    /** Closes every connection, idle or in use; a request in flight then fails. */
    @Override
    public void close() {
        closed = true;
        deadlines.close();
        for (HttpConnection connection : live) {
            connection.close();
        }
        live.clear();
        pools.values().forEach(ConcurrentLinkedDeque::clear);
    }
}
