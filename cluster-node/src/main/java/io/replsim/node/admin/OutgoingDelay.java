package io.replsim.node.admin;

import java.time.Duration;
import java.util.concurrent.DelayQueue;
import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import org.jgroups.Message;
import org.jgroups.stack.Protocol;

/**
 * A slow link on the way out: every message this node sends waits a set time before it reaches the transport, in
 * the order it was sent, and the delay counts the messages it held (the evidence a runner reads that the fault took
 * effect). In place of JGroups' DELAY, whose sending thread polls its queue without ever blocking and ignores being
 * stopped: while a delay was on it kept a core busy, and after the fault was healed it went on doing so until the
 * JVM exited (a node process for the rest of its run; a test JVM with in-JVM clusters for the rest of its tier).
 * This one's thread sleeps until the next message is due and ends once the messages it held when stopped are out.
 */
final class OutgoingDelay extends Protocol {
    private final DelayQueue<Held> held = new DelayQueue<>();
    private final LongAdder count = new LongAdder();
    private volatile long delayNanos;
    private long lastDue;
    private long sequence;
    private Thread sender;

    OutgoingDelay(Duration delay) {
        delay(delay);
        lastDue = System.nanoTime();
    }

    /** A new delay for the messages sent from now on; those held keep theirs, and none overtakes an earlier one. */
    void delay(Duration delay) {
        delayNanos = delay.toNanos();
    }

    /** The messages it held: what shows the delay took effect. */
    long held() {
        return count.sum();
    }

    @Override
    public void start() throws Exception {
        super.start();
        sender = Thread.ofPlatform().daemon().name("outgoing-delay-" + local_addr).start(this::sendWhenDue);
    }

    @Override
    public void stop() {
        // what it holds still goes out when due (as on a link that heals, nothing in flight is lost), then it ends
        synchronized (this) {
            held.add(new Held(null, later(System.nanoTime(), lastDue), sequence++));
        }
        super.stop();
    }

    @Override
    public Object down(Message message) {
        synchronized (this) {
            lastDue = later(System.nanoTime() + delayNanos, lastDue);
            held.add(new Held(message, lastDue, sequence++));
        }
        count.increment();
        return null;
    }

    /** The later of two System.nanoTime() readings, which may wrap: compared by their difference. */
    private static long later(long a, long b) {
        return a - b > 0 ? a : b;
    }

    private void sendWhenDue() {
        try {
            for (Held next = held.take(); next.message() != null; next = held.take()) {
                try {
                    down_prot.down(next.message());
                } catch (RuntimeException e) {
                    log.warn("%s: a delayed message could not be sent: %s", local_addr, e);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A message and when it is due; messages due at the same nanosecond leave in the order they were sent. */
    private record Held(Message message, long dueNanos, long sequence) implements Delayed {
        @Override
        public long getDelay(TimeUnit unit) {
            return unit.convert(dueNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
        }

        @Override
        public int compareTo(Delayed other) {
            Held that = (Held) other;
            int byDue = Long.compare(dueNanos - that.dueNanos, 0);
            return byDue != 0 ? byDue : Long.compare(sequence, that.sequence);
        }
    }
}
