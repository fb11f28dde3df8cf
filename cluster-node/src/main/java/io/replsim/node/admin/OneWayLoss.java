package io.replsim.node.admin;

import org.jgroups.Address;
import org.jgroups.Message;
import org.jgroups.protocols.DISCARD;

import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * JGroups DISCARD narrowed to a lossy link: of the messages this node receives from the given addresses, each is
 * dropped with {@code probability}; what this node sends, and what others send it, pass. One direction of one link,
 * so NAKACK2/UNICAST3 retransmission is what gets the dropped messages through.
 */
final class OneWayLoss extends DISCARD {
    private final Set<Address> senders;
    private final double probability;
    private final LongAdder dropped = new LongAdder();

    OneWayLoss(Set<Address> senders, double probability) {
        this.senders = Set.copyOf(senders);
        this.probability = probability;
    }

    @Override
    protected boolean shouldDropUpMessage(Message message, Address sender) {
        boolean drop = senders.contains(sender) && ThreadLocalRandom.current().nextDouble() < probability;
        if (drop) {
            dropped.increment();
        }
        return drop;
    }

    /** The messages it dropped: what shows the lossy link took effect. */
    long dropped() {
        return dropped.sum();
    }
}
