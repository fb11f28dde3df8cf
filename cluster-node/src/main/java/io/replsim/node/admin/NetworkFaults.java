package io.replsim.node.admin;

import io.replsim.replication.transport.FaultPoint;
import org.jgroups.Address;
import org.jgroups.util.NameCache;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The network faults a runner can switch on in this node, the JGroups way: a DISCARD (a partition: messages from
 * the named members are dropped) and an {@link OutgoingDelay} (every message this node sends waits), each inserted right above the
 * transport while it is on and taken out when it is healed, and a lossy link (a share of the messages from one
 * member dropped, {@link OneWayLoss}). At most one of each; setting one again replaces it. Each counts what it
 * dropped or held while it is on, so a runner can read that it took effect before it heals it.
 */
public final class NetworkFaults {
    private final FaultPoint transport;
    private CountingDiscard discard;
    private Set<String> discarding = Set.of();
    private OutgoingDelay delay;
    private Duration delayed = Duration.ZERO;
    private OneWayLoss loss;
    private String losingFrom = "";
    private double lossProbability;

    public NetworkFaults(FaultPoint transport) {
        this.transport = transport;
    }

    /**
     * Drops every message from these members from now on. Names are resolved through every address this node has
     * heard them under (a restarted member has a new address under the same name), so a member that already left
     * this node's view can still be cut off.
     */
    public synchronized State discardFrom(Set<String> nodes) throws Exception {
        if (nodes.isEmpty() || nodes.contains(transport.self().name())) {
            throw new IllegalArgumentException("expected the names of other members to cut off, got " + nodes);
        }
        List<Address> addresses = NameCache.getContents().entrySet().stream()
                .filter(entry -> nodes.contains(entry.getValue()))
                .map(java.util.Map.Entry::getKey)
                .toList();
        Set<String> known = new TreeSet<>(NameCache.getContents().values());
        if (!known.containsAll(nodes)) {
            Set<String> unknown = new TreeSet<>(nodes);
            unknown.removeAll(known);
            throw new IllegalArgumentException("never heard of " + unknown + "; known members: " + known);
        }
        if (discard == null) {
            discard = new CountingDiscard();
            transport.insertAboveTransport(discard);
        }
        discard.resetIgnoredMembers();
        discard.addIgnoredMembers(addresses.toArray(Address[]::new));
        discarding = Set.copyOf(new TreeSet<>(nodes));
        return state();
    }

    /**
     * Drops each message from this member with {@code probability}, in this direction only: the messages this node
     * sends to it still go through.
     */
    public synchronized State loseFrom(String node, double probability) throws Exception {
        if (node == null || node.equals(transport.self().name())) {
            throw new IllegalArgumentException("expected the name of another member to lose messages from, got "
                    + node);
        }
        if (!(probability > 0 && probability <= 1)) {
            throw new IllegalArgumentException("expected a probability above 0 and at most 1, got " + probability);
        }
        Set<Address> addresses = NameCache.getContents().entrySet().stream()
                .filter(entry -> node.equals(entry.getValue())).map(Map.Entry::getKey).collect(Collectors.toSet());
        if (addresses.isEmpty()) {
            throw new IllegalArgumentException("never heard of " + node + "; known members: "
                    + new TreeSet<>(NameCache.getContents().values()));
        }
        stopLosing();
        loss = new OneWayLoss(addresses, probability);
        transport.insertAboveTransport(loss);
        losingFrom = node;
        lossProbability = probability;
        return state();
    }

    public synchronized State stopLosing() {
        if (loss != null) {
            transport.removeInserted(loss);
            loss = null;
        }
        losingFrom = "";
        lossProbability = 0;
        return state();
    }

    public synchronized State stopDiscarding() {
        if (discard != null) {
            transport.removeInserted(discard);
            discard = null;
        }
        discarding = Set.of();
        return state();
    }

    /** Every message this node sends waits this long before it goes out (heartbeats too, as on a slow link). */
    public synchronized State delayOutgoing(Duration wait) throws Exception {
        if (!wait.isPositive() || wait.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("expected a delay above 0 ms, got " + wait.toMillis() + " ms");
        }
        if (delay == null) {
            delay = new OutgoingDelay(wait);
            transport.insertAboveTransport(delay);
        }
        delay.delay(wait);
        delayed = wait;
        return state();
    }

    public synchronized State stopDelaying() {
        if (delay != null) {
            transport.removeInserted(delay);
            delay = null;
        }
        delayed = Duration.ZERO;
        return state();
    }

    public synchronized State state() {
        return new State(List.copyOf(new TreeSet<>(discarding)), delayed.toMillis(), losingFrom, lossProbability,
                discard == null ? 0 : discard.dropped(), delay == null ? 0 : delay.held(),
                loss == null ? 0 : loss.dropped());
    }

    /**
     * What is switched on: the members whose messages are dropped, the delay on outgoing messages, and the member
     * a share of whose messages is lost ("" when none) with that share; and what each fault on now did since it was
     * switched on, by its protocol's own count: the messages the DISCARD dropped ({@code discardedMessages}), the
     * delay held ({@code delayedMessages}) and the lossy link dropped ({@code lostMessages}); 0 for a fault that is
     * off.
     */
    public record State(List<String> discardingFrom, long delayMs, String losingFrom, double lossProbability,
                        long discardedMessages, long delayedMessages, long lostMessages) {
    }
}
