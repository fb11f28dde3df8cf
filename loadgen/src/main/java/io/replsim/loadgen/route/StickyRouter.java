package io.replsim.loadgen.route;

import io.replsim.loadgen.exchange.NodeEndpoint;

import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * Picks the node for a request the way mod_jk does with jvmRoute: a session's route goes to its node while that
 * node is live, to the next live node in list order when it is down, and requests without a session are spread
 * round-robin over the live nodes. A node marked down is offered again once the retry interval has passed; if it
 * still fails it is simply marked down again. Thread-safe.
 */
public final class StickyRouter {

    public static final Duration DEFAULT_RETRY_INTERVAL = Duration.ofSeconds(5);

    private final List<NodeEndpoint> nodes;
    private final Duration retryInterval;
    private final InstantSource clock;
    private final ConcurrentHashMap<String, Instant> downUntil = new ConcurrentHashMap<>();
    private final AtomicLong roundRobin = new AtomicLong();

    public StickyRouter(List<NodeEndpoint> nodes, Duration retryInterval, InstantSource clock) {
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
    }

    public List<NodeEndpoint> nodes() {
        return nodes;
    }

    /**
     * The node for a request carrying {@code stickyRoute} (the part of the session cookie after the first dot), or
     * {@code null} for a request without a session or with a route this router does not know.
     */
    public NodeEndpoint route(String stickyRoute) throws NoLiveNodeException {
        Instant now = clock.instant();
        int home = indexOf(stickyRoute);
        if (home < 0) {
            return nextRoundRobin(now);
        }
        for (int step = 0; step < nodes.size(); step++) {
            NodeEndpoint candidate = nodes.get((home + step) % nodes.size());
            if (isLive(candidate, now)) {
                return candidate;
            }
        }
        throw noLiveNode(now);
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
        List<NodeEndpoint> live = new ArrayList<>(nodes.size());
        for (NodeEndpoint node : nodes) {
            if (isLive(node, now)) {
                live.add(node);
            }
        }
        if (live.isEmpty()) {
            throw noLiveNode(now);
        }
        return live.get((int) Math.floorMod(roundRobin.getAndIncrement(), (long) live.size()));
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
