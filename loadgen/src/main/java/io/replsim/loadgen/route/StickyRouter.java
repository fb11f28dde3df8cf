package io.replsim.loadgen.route;

import io.replsim.loadgen.exchange.NodeEndpoint;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Collectors;

/**
 * Picks the node for a request the way mod_jk does with jvmRoute: a session's route goes to its node while that
 * node is live and, when it is down, to the live node the {@link Balancer}'s failover choice names (the least busy
 * by default, the next in list order with {@link FailoverChoice#NEXT}); requests without a session, and every
 * request of a balancer that is not sticky, are spread round-robin over the live nodes. A node marked down is
 * offered again once the retry interval has passed; if it still fails it is simply marked down again. Busyness is
 * the requests in flight this router was told of ({@link #requestSent}, {@link #requestEnded}). Thread-safe.
 */
public final class StickyRouter {

    public static final Duration DEFAULT_RETRY_INTERVAL = Duration.ofSeconds(5);

    private final List<NodeEndpoint> nodes;
    private final Duration retryInterval;
    private final InstantSource clock;
    private final ConcurrentHashMap<String, Instant> downUntil = new ConcurrentHashMap<>();
    private final AtomicLong roundRobin = new AtomicLong();
    /** Where the next least-busy search starts: just after the node the last one chose. Guarded by this. */
    private int nextSearchStart;
    private final Balancer balancer;
    /**
     * Requests in flight by node. Every request adds and takes one and only a failover's search reads them: adders,
     * so that the event loops, each counting its own requests, do not take turns owning one counter's cache line.
     */
    private final Map<String, LongAdder> inFlight = new ConcurrentHashMap<>();

    /** A sticky balancer spreading a dead node's sessions by busyness ({@link Balancer#DEFAULT}). */
    public StickyRouter(List<NodeEndpoint> nodes, Duration retryInterval, InstantSource clock) {
        this(nodes, retryInterval, clock, Balancer.DEFAULT);
    }

    public StickyRouter(List<NodeEndpoint> nodes, Duration retryInterval, InstantSource clock, Balancer balancer) {
        this.balancer = Objects.requireNonNull(balancer, "balancer");
        this.nodes = List.copyOf(nodes);
        this.retryInterval = Objects.requireNonNull(retryInterval, "retryInterval");
        this.clock = Objects.requireNonNull(clock, "clock");
        if (this.nodes.isEmpty()) {
            throw new IllegalArgumentException("nodes: got none, expected at least one node to send requests to");
        }
        if (retryInterval.isNegative()) {
            throw new IllegalArgumentException("retryInterval: got " + retryInterval + ", expected zero or more");
        }
        if (this.nodes.stream().map(NodeEndpoint::name).distinct().count() != this.nodes.size()) {
            throw new IllegalArgumentException("nodes: names must be unique, since they are the routes; got "
                    + this.nodes.stream().map(NodeEndpoint::name).toList());
        }
        for (NodeEndpoint node : this.nodes) {
            inFlight.put(node.name(), new LongAdder());
        }
    }

    public List<NodeEndpoint> nodes() {
        return nodes;
    }

    /**
     * The node for a request carrying {@code stickyRoute} (the part of the session cookie after the first dot), or
     * {@code null} for a request without a session or with a route this router does not know.
     */
    public NodeEndpoint route(String stickyRoute) throws NoLiveNodeException {
        int home = balancer.sticky() ? indexOf(stickyRoute) : -1;
        if (downUntil.isEmpty()) {
            // no node was ever marked down, so every node is live: no clock read, no list of the live ones
            return home < 0 ? nodes.get(roundRobinIndex(nodes.size())) : nodes.get(home);
        }
        Instant now = clock.instant();
        if (home < 0) {
            return nextRoundRobin(now);
        }
        if (isLive(nodes.get(home), now)) {
            return nodes.get(home);
        }
        return switch (balancer.failover()) {
            case NEXT -> nextInOrder(home, now);
            case SPREAD -> leastBusy(now);
        };
    }

    /** A request is on its way to {@code node}: it counts towards that node's busyness until {@link #requestEnded}. */
    public void requestSent(NodeEndpoint node) {
        inFlight.get(node.name()).increment();
    }

    /** The request sent to {@code node} has its outcome (an answer, a failure, or the run ended under it). */
    public void requestEnded(NodeEndpoint node) {
        inFlight.get(node.name()).decrement();
    }

    /** The requests in flight to {@code node} that this router was told of. */
    public int inFlight(NodeEndpoint node) {
        return inFlight.get(node.name()).intValue();
    }

    public Balancer balancer() {
        return balancer;
    }

    /** Takes {@code node} out of rotation for the retry interval, counted from now. */
    public void markDown(NodeEndpoint node) {
        downUntil.put(node.name(), clock.instant().plus(retryInterval));
    }

    public boolean isLive(NodeEndpoint node) {
        return isLive(node, clock.instant());
    }

    private NodeEndpoint nextRoundRobin(Instant now) throws NoLiveNodeException {
        // Round-robin over the live nodes only, so new sessions spread evenly over the survivors instead of
        // doubling up on the neighbour of a dead node.
        List<NodeEndpoint> live = liveNodes(now);
        if (live.isEmpty()) {
            throw noLiveNode(now);
        }
        return live.get(roundRobinIndex(live.size()));
    }

    private int roundRobinIndex(int liveNodes) {
        return (int) Math.floorMod(roundRobin.getAndIncrement(), (long) liveNodes);
    }

    private NodeEndpoint nextInOrder(int home, Instant now) throws NoLiveNodeException {
        for (int step = 1; step < nodes.size(); step++) {
            NodeEndpoint candidate = nodes.get((home + step) % nodes.size());
            if (isLive(candidate, now)) {
                return candidate;
            }
        }
        throw noLiveNode(now);
    }

    /**
     * The live node with the fewest requests in flight. As mod_jk's busyness search does, each search starts just
     * after the node the last one chose and keeps the first of equals, so equally idle survivors take turns.
     */
    private synchronized NodeEndpoint leastBusy(Instant now) throws NoLiveNodeException {
        int chosen = -1;
        int fewest = Integer.MAX_VALUE;
        for (int step = 0; step < nodes.size(); step++) {
            int index = (nextSearchStart + step) % nodes.size();
            NodeEndpoint candidate = nodes.get(index);
            if (isLive(candidate, now) && inFlight(candidate) < fewest) {
                chosen = index;
                fewest = inFlight(candidate);
            }
        }
        if (chosen < 0) {
            throw noLiveNode(now);
        }
        nextSearchStart = (chosen + 1) % nodes.size();
        return nodes.get(chosen);
    }

    private List<NodeEndpoint> liveNodes(Instant now) {
        List<NodeEndpoint> live = new ArrayList<>(nodes.size());
        for (NodeEndpoint node : nodes) {
            if (isLive(node, now)) {
                live.add(node);
            }
        }
        return live;
    }

    private boolean isLive(NodeEndpoint node, Instant now) {
        Instant until = downUntil.get(node.name());
        return until == null || !now.isBefore(until);
    }

    private int indexOf(String route) {
        if (route == null) {
            return -1;
        }
        for (int i = 0; i < nodes.size(); i++) {
            if (nodes.get(i).name().equals(route)) {
                return i;
            }
        }
        return -1;
    }

    private NoLiveNodeException noLiveNode(Instant now) {
        Instant retryAt = nodes.stream()
                .map(node -> downUntil.getOrDefault(node.name(), now))
                .min(Instant::compareTo)
                .orElse(now);
        String states = nodes.stream()
                .map(node -> node.name() + " down until " + downUntil.get(node.name()))
                .collect(Collectors.joining(", "));
        return new NoLiveNodeException("no live node to send the request to: every node refused or failed recently ("
                + states + "); the first is tried again at " + retryAt, retryAt);
    }
}
