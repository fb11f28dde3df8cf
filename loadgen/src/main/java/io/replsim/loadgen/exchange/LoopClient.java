package io.replsim.loadgen.exchange;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The event-loop runtime's counterpart of {@link BlockingClient}: sends the counter app's {@code GET}s on
 * non-blocking connections ({@link LoopConnection}) registered with one event loop's {@link Selector}, and hands
 * each attempt's {@link Exchange} to a callback, so that users are state machines on the loop's thread instead of
 * threads blocked in reads. Connections are used as the {@link ConnectionMode} says, as in {@link BlockingClient};
 * the pool of {@link ConnectionMode#SHARED_POOL} is this loop's own.
 *
 * <p>Not thread-safe: one client per loop, every call on that loop's thread. The loop selects, passes each
 * selected key this client {@link #owns} to {@link #ready}, then calls {@link #expireLate} and selects for at most
 * as long as that says.
 */
public final class LoopClient implements AutoCloseable {

    /** What {@link #expireLate} returns when no request is in flight: no deadline to wake up for. */
    public static final long NO_DEADLINE = Long.MAX_VALUE;
    /** Larger than a request or the counter's answer, so that neither takes two system calls for want of room. */
    private static final int STAGING_BYTES = 64 * 1024;

    private final Selector selector;
    private final RequestTargets targets;
    private final Map<String, Reach> reaches = new HashMap<>();
    private final Duration requestTimeout;
    private final ConnectionMode mode;
    private final ExchangeReader answers;
    private final ConnectionCount count;
    /** Idle kept-alive connections by node, for {@link ConnectionMode#SHARED_POOL}; most recently used first. */
    private final Map<String, ArrayDeque<LoopConnection>> pools = new HashMap<>();
    /** Each user's connections by node, for {@link ConnectionMode#PER_USER}. */
    private final Map<Object, Map<String, LoopConnection>> perUser = new HashMap<>();
    /** Every connection not yet closed, so {@link #close()} leaves none open. */
    private final Set<LoopConnection> live = new HashSet<>();
    /** The attempts in flight, so that the late ones are found at once; finished ones leave when they reach a head. */
    private final DeadlineQueue<Attempt> started = new DeadlineQueue<>();
    /** Attempts that failed inside {@link #get}: told by the next {@link #expireLate}, never from {@code get}. */
    private final ArrayDeque<Attempt> failedAtOnce = new ArrayDeque<>();
    /** The direct buffer every plain connection of this loop writes and reads through, one at a time. */
    private final ByteBuffer staging = ByteBuffer.allocateDirect(STAGING_BYTES);
    private boolean closed;

    /**
     * How a node is reached.
     *
     * @param address its address, resolved once: a name lookup on the loop's thread for every connect would stall
     *                every user of the loop
     * @param tls     how to speak TLS to it, empty for plain http
     */
    private record Reach(URI base, InetSocketAddress address, Optional<ClientTls> tls) {
    }

    /**
     * A client whose connections to https nodes trust what the JVM trusts ({@link ClientTls#jvmDefault()}).
     *
     * @param selector       the loop's selector, which the connections register with
     * @param path           the path a request goes to when none is named
     * @param otherPaths     the other paths requests may go to
     * @param requestTimeout from {@link #get} to the whole answer
     * @param count          where connections count themselves as opened and closed
     */
    public LoopClient(Selector selector, List<NodeEndpoint> nodes, String path, List<String> otherPaths,
                      Duration requestTimeout, ConnectionMode mode, TargetProtocol protocol, ConnectionCount count) {
        this(selector, nodes, path, otherPaths, requestTimeout, mode, protocol, count, Optional.empty());
    }

    /**
     * @param tls how the connections to https nodes speak TLS; empty for the JVM's default
     *            ({@link ClientTls#jvmDefault()}), made only if a node is at an https address
     */
    public LoopClient(Selector selector, List<NodeEndpoint> nodes, String path, List<String> otherPaths,
                      Duration requestTimeout, ConnectionMode mode, TargetProtocol protocol, ConnectionCount count,
                      Optional<ClientTls> tls) {
        this.selector = selector;
        this.targets = new RequestTargets(nodes, path, otherPaths);
        this.requestTimeout = requestTimeout;
        this.mode = mode;
        this.answers = new ExchangeReader(protocol);
        this.count = count;
        Optional<ClientTls> https = Optional.empty();
        for (NodeEndpoint node : nodes) {
            URI base = node.baseUri();
            Optional<ClientTls> nodeTls = Optional.empty();
            if ("https".equals(base.getScheme())) {
                if (https.isEmpty()) {
                    https = Optional.of(tls.orElseGet(ClientTls::jvmDefault));
                }
                nodeTls = https;
            }
            reaches.put(node.name(), new Reach(base, HttpConnection.addressOf(base), nodeTls));
            pools.put(node.name(), new ArrayDeque<>());
        }
    }

    /**
     * One request to a node and what came of it: it outlives a connection when retried on a new one. Finished, it
     * stays the attachment of the connection it was answered on while that is kept alive, which marks it idle.
     */
    private final class Attempt implements DeadlineQueue.Timed {
        final Object user;
        final NodeEndpoint node;
        final String target;
        final String cookieHeader;
        final long requestId;
        final Optional<SessionCookie> sent;
        final Consumer<Exchange> outcome;
        final Duration timeout;
        final long deadline;
        LoopConnection connection;
        boolean retried;
        /** The failure that sent it again: its request had gone out whole on a kept-alive connection. */
        IOException failedAfterSending;
        /** Whether that first connection failed before any byte of an answer came. */
        boolean unansweredBeforeRetry;
        /** The new connection the request went on after it had gone out whole on a kept-alive one, or null. */
        LoopConnection resentOn;
        boolean done;
        /** Set when it failed inside {@link #get}, to be told later. */
        Exchange failure;

        Attempt(Object user, NodeEndpoint node, String target, Optional<SessionCookie> sent, long requestId,
                Consumer<Exchange> outcome, Duration timeout, long deadline) {
            this.user = user;
            this.requestId = requestId;
            this.node = node;
            this.target = target;
            this.cookieHeader = answers.cookieHeader(sent);
            this.sent = sent;
            this.outcome = outcome;
            this.timeout = timeout;
            this.deadline = deadline;
        }

        @Override
        public long deadlineNanos() {
            return deadline;
        }

        @Override
        public boolean finished() {
            return done;
        }

        boolean of(LoopClient client) {
            return LoopClient.this == client;
        }

        /** Whether it went out whole twice ({@link Exchange#resent()}): the second time whole too. */
        boolean sentTwice() {
            return resentOn != null && resentOn.requestSent();
        }
    }

    /** The path a request goes to when none is named. */
    public String defaultPath() {
        return targets.defaultPath();
    }

    public ConnectionMode mode() {
        return mode;
    }

    /** The connections opened so far, open now, and the most open at once, of everything counted with this count. */
    public ConnectionCount.Connections connections() {
        return count.snapshot(mode);
    }

    /**
     * Starts one attempt at {@code path} (one of the paths the client was made for) on {@code node}. {@code outcome}
     * is called exactly once, on the loop's thread, with the {@link Exchange} (answered, failed, or timed out),
     * unless the user is {@linkplain #forget forgotten} or the client {@linkplain #close closed} first. It is never
     * called from inside {@code get}, so a state machine that sends its next request from its outcome does not
     * recurse: an attempt that fails at once (a refused connect, say) is told by the next {@link #expireLate},
     * and {@code get} wakes the selector so that comes soon. After {@link #close()}, does nothing.
     *
     * @param user the user the request is for: in {@link ConnectionMode#PER_USER} its connections are its own
     */
    public void get(Object user, NodeEndpoint node, String path, Optional<SessionCookie> cookie,
                    Consumer<Exchange> outcome) {
        get(user, node, path, cookie, 0, outcome);
    }

    /** {@link #get(Object, NodeEndpoint, String, Optional, Consumer)} for a request kept in the run's history. */
    public void get(Object user, NodeEndpoint node, String path, Optional<SessionCookie> cookie, long requestId,
                    Consumer<Exchange> outcome) {
        get(user, node, path, cookie, requestId, Optional.empty(), outcome);
    }

    /**
     * {@link #get(Object, NodeEndpoint, String, Optional, long, Consumer)} for an attempt that waits {@code timeout}
     * (a balancer's, {@code Balancer.retryOnTimeout}), or the client's request timeout when empty. The attempt's
     * whole time counts, a connect included, as with the request timeout.
     */
    public void get(Object user, NodeEndpoint node, String path, Optional<SessionCookie> cookie, long requestId,
                    Optional<Duration> timeout, Consumer<Exchange> outcome) {
        if (closed) {
            return;
        }
        Duration waits = timeout.orElse(requestTimeout);
        if (!waits.isPositive()) {
            throw new IllegalArgumentException("timeout: got " + waits + " for a request to " + node.name()
                    + ", expected more than zero");
        }
        Attempt attempt = new Attempt(user, node, targets.of(node, path), cookie, requestId, outcome, waits,
                System.nanoTime() + waits.toNanos());
        started.add(attempt, waits.equals(requestTimeout));
        try {
            send(attempt, take(user, node.name()));
        } catch (IOException e) {
            Exchange failure = failure(attempt, e);
            if (failure != null) {
                attempt.failure = failure;
                failedAtOnce.addLast(attempt);
                selector.wakeup();
            }
        }
    }

    /** Whether {@code key} is one of this client's connections' (the loop then passes it to {@link #ready}). */
    public boolean owns(SelectionKey key) {
        return key.attachment() instanceof Attempt attempt && attempt.of(this);
    }

    /** Goes on with the request of a selected key this client {@link #owns}; calls its outcome if it ended. */
    public void ready(SelectionKey key) {
        if (!key.isValid() || !(key.attachment() instanceof Attempt attempt) || !attempt.of(this)) {
            return;
        }
        LoopConnection connection = attempt.connection;
        if (attempt.done) {
            // kept alive and idle (every other way an attempt ends closes its connection): nothing was asked on it,
            // so the server closed it, or sent what nobody asked for; either way it is done
            if (mode == ConnectionMode.SHARED_POOL) {
                pools.get(attempt.node.name()).remove(connection);
            }
            discard(attempt.user, attempt.node.name(), connection);
            return;
        }
        Response response;
        try {
            response = connection.ready();
        } catch (IOException e) {
            Exchange failure = failure(attempt, e);
            if (failure != null) {
                finish(attempt, failure);
            }
            return;
        }
        if (response == null) {
            return;
        }
        if (response.reusable()) {
            giveBack(attempt.user, attempt.node.name(), connection);
        } else {
            discard(attempt.user, attempt.node.name(), connection);
        }
        finish(attempt, answers.toExchange(attempt.node, response, attempt.sent));
    }

    /**
     * Tells the attempts that failed inside {@link #get} and ends those past their deadline ({@link Exchange.Failed}
     * with {@link ErrorKind#TIMEOUT}, or {@link ErrorKind#CONNECT} for one still connecting; their connections
     * closed). Returns the {@link System#nanoTime()} of the next deadline, {@code nowNanos} if an outcome is waiting
     * to be told already (select without waiting), or {@link #NO_DEADLINE} with nothing in flight.
     */
    public long expireLate(long nowNanos) {
        // only those waiting now: outcomes that start attempts failing at once are told on the next call
        for (int waiting = failedAtOnce.size(); waiting > 0; waiting--) {
            Attempt attempt = failedAtOnce.pollFirst();
            if (attempt == null) {
                break; // an outcome closed the client
            }
            if (!attempt.done) {
                finish(attempt, attempt.failure);
            }
        }
        for (Attempt ended; (ended = started.pollEnded(nowNanos)) != null; ) {
            if (!ended.done) {
                finish(ended, late(ended));
            }
        }
        if (!failedAtOnce.isEmpty()) {
            return nowNanos;
        }
        return started.nextDeadline(NO_DEADLINE);
    }

    /**
     * Closes the {@link ConnectionMode#PER_USER} connections of a user that has ended; the outcome of a request in
     * flight on one of them is dropped. In the other modes a user owns no connection and this does nothing.
     */
    public void forget(Object user) {
        Map<String, LoopConnection> own = perUser.remove(user);
        if (own == null) {
            return;
        }
        for (LoopConnection connection : own.values()) {
            if (connection.key().attachment() instanceof Attempt attempt) {
                attempt.done = true;
            }
            connection.close();
            live.remove(connection);
        }
    }

    /** Closes every connection, idle or in use; outcomes not yet told are dropped. */
    @Override
    public void close() {
        closed = true;
        for (LoopConnection connection : live) {
            connection.close();
        }
        live.clear();
        pools.values().forEach(ArrayDeque::clear);
        perUser.clear();
        started.clear(attempt -> attempt.done = true);
        failedAtOnce.clear();
    }

    private void send(Attempt attempt, LoopConnection connection) throws IOException {
        attempt.connection = connection;
        connection.key().attach(attempt);
        connection.send(attempt.target, attempt.cookieHeader, attempt.requestId, mode == ConnectionMode.PER_REQUEST,
                answers.wantedHeader());
    }

    /**
     * What a failed attempt comes to, its connection discarded; null when it goes on instead. A reused connection
     * that fails before any answer was most likely closed by the server while idle (keep-alive timeout), so the
     * request goes once more on a new connection, as browsers and pools do.
     */
    private Exchange failure(Attempt attempt, IOException e) {
        String node = attempt.node.name();
        LoopConnection failed = attempt.connection;
        boolean unanswered = failed != null && failed.unanswered();
        if (failed != null) {
            discard(attempt.user, node, failed);
            if (!attempt.retried && failed.reused() && (e instanceof EOFException || e instanceof SocketException)) {
                attempt.retried = true;
                if (failed.requestSent()) {
                    attempt.failedAfterSending = e;
                    attempt.unansweredBeforeRetry = unanswered;
                }
                try {
                    // a new one, not the next idle one: after a node restarted or died, every idle one is as stale
                    LoopConnection fresh = reopen(attempt.user, node);
                    if (attempt.failedAfterSending != null) {
                        attempt.resentOn = fresh;
                    }
                    send(attempt, fresh);
                    return null;
                } catch (IOException again) {
                    return failure(attempt, again);
                }
            }
        }
        ErrorKind kind = BlockingClient.kindOf(e);
        if (kind == ErrorKind.CONNECT) {
            dropIdle(node);
            if (attempt.failedAfterSending != null) {
                // the first try's request went out whole: the node may have processed it before it went away
                IOException unknown = new BlockingClient.SentThenRefused(attempt.failedAfterSending, e);
                return new Exchange.Failed(System.currentTimeMillis(), ErrorKind.IO, String.valueOf(unknown),
                        attempt.unansweredBeforeRetry);
            }
        }
        return new Exchange.Failed(System.currentTimeMillis(), kind, String.valueOf(e),
                kind == ErrorKind.IO && unanswered);
    }

    /**
     * The outcome of an attempt past its deadline, its connection closed. One still connecting never reached the
     * node: it is a connect failure, as the blocking client's connect timeout is, and {@link #failure} decides what
     * it comes to as for any other (a connect failure, or of unknown outcome after a request went out whole).
     */
    private Exchange late(Attempt attempt) {
        LoopConnection connection = attempt.connection;
        if (connection != null && !connection.connected()) {
            return failure(attempt, new HttpConnection.ConnectFailure("cannot connect to " + attempt.node.name()
                    + " (" + connection.address() + ") within " + attempt.timeout.toMillis() + " ms", null));
        }
        if (connection != null) {
            discard(attempt.user, attempt.node.name(), connection);
        }
        return new Exchange.Failed(System.currentTimeMillis(), ErrorKind.TIMEOUT, "no answer from "
                + attempt.node.name() + " within " + attempt.timeout.toMillis() + " ms");
    }

    private void finish(Attempt attempt, Exchange exchange) {
        attempt.done = true;
        attempt.outcome.accept(attempt.sentTwice() ? exchange.asResent() : exchange);
    }

    private LoopConnection take(Object user, String node) throws IOException {
        LoopConnection connection = switch (mode) {
            case SHARED_POOL -> pools.get(node).pollFirst();
            case PER_USER -> ownConnection(user, node);
            case PER_REQUEST -> null;
        };
        return connection != null ? connection : open(node);
    }

    /**
     * The user's connection to the node, opened and kept for it (until discarded) if it has none, so that
     * {@link #forget} finds it even while its first request is in flight; null if that one is busy with the user's
     * other request, which then goes on a connection of its own.
     */
    private LoopConnection ownConnection(Object user, String node) throws IOException {
        Map<String, LoopConnection> own = perUser.computeIfAbsent(user, u -> new HashMap<>(2));
        LoopConnection connection = own.get(node);
        if (connection == null) {
            connection = open(node);
            own.put(node, connection);
            return connection;
        }
        return connection.key().attachment() instanceof Attempt attempt && !attempt.done ? null : connection;
    }

    /** A new connection in place of a failed one, which in {@link ConnectionMode#PER_USER} becomes the user's own. */
    private LoopConnection reopen(Object user, String node) throws IOException {
        LoopConnection fresh = open(node);
        if (mode == ConnectionMode.PER_USER) {
            perUser.computeIfAbsent(user, u -> new HashMap<>(2)).putIfAbsent(node, fresh);
        }
        return fresh;
    }

    private LoopConnection open(String node) throws IOException {
        Reach reach = reaches.get(node);
        LoopConnection opened = LoopConnection.open(reach.base(), reach.address(), reach.tls(), selector, count,
                staging);
        live.add(opened);
        return opened;
    }

    /** After a refused connect, as {@link BlockingClient} does: the node's idle pooled connections are as dead. */
    private void dropIdle(String node) {
        if (mode != ConnectionMode.SHARED_POOL) {
            return;
        }
        for (LoopConnection idle; (idle = pools.get(node).pollFirst()) != null; ) {
            idle.close();
            live.remove(idle);
        }
    }

    /**
     * Keeps a connection whose answer came whole, for the next request, as the {@link ConnectionMode} says. It keeps
     * the finished attempt as its key's attachment (nothing to make or attach per request), and stays registered for
     * reads: a server that closes it while idle (its keep-alive timeout, or the node going away) makes it readable,
     * and it is dropped then instead of failing the next request sent on it. Leaving the read interest on also saves
     * the two {@code epoll_ctl} calls a request would otherwise cost (interest off after the answer, on again for the
     * next).
     */
    private void giveBack(Object user, String node, LoopConnection connection) {
        switch (mode) {
            case SHARED_POOL -> pools.get(node).addFirst(connection);
            case PER_USER -> {
                Map<String, LoopConnection> own = perUser.get(user);
                if (own == null || own.get(node) != connection) {
                    discard(user, node, connection); // a one-off for a second request at once, or a forgotten user's
                }
            }
            case PER_REQUEST -> discard(user, node, connection);
        }
    }

    private void discard(Object user, String node, LoopConnection connection) {
        if (mode == ConnectionMode.PER_USER) {
            Map<String, LoopConnection> own = perUser.get(user);
            if (own != null) {
                own.remove(node, connection);
            }
        }
        connection.close();
        live.remove(connection);
    }
}
