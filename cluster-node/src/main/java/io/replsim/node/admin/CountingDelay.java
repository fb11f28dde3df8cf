package io.replsim.node.admin;

import org.jgroups.Message;
import org.jgroups.protocols.DELAY;

import java.util.concurrent.atomic.LongAdder;

/**
 * JGroups DELAY that counts the messages it held: the evidence a runner reads that the delay it switched on took
 * effect (JGroups' own DELAY keeps no count).
 */
final class CountingDelay extends DELAY {
    private final LongAdder held = new LongAdder();

    @Override
    public Object down(Message message) {
        held.increment();
        return super.down(message);
    }

    long held() {
        return held.sum();
    }
}
