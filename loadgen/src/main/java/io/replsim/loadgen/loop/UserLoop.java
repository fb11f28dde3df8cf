package io.replsim.loadgen.loop;

import io.replsim.loadgen.exchange.Exchange;
import io.replsim.loadgen.exchange.LoopClient;
import io.replsim.loadgen.user.UserAction;
import io.replsim.loadgen.user.VirtualUser;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.util.ArrayDeque;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * One event-loop thread carrying many {@link VirtualUser}s: a selector over their non-blocking connections (its
 * {@link LoopClient}) and a queue of their pauses. Each user's request goes out without a thread waiting for it;
 * its answer, failure or timeout, and the end of its pause, come back here and the user decides its next step. No
 * user's step is ever taken on another thread, so the users, the client and the queues need no locking.
 *
 * <p>It runs until every user has stopped or the thread is interrupted (the driver's close), then stops the users
 * still running where they are and closes every connection.
 */
final class UserLoop implements Runnable {

    /** The longest the loop waits in one select: it also bounds how late a closed client is noticed. */
    private static final long LONGEST_WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    /** One user and the outcome of its request, once the client has reported it. */
    private final class Slot implements Consumer<Exchange> {
        final VirtualUser user;
        Exchange outcome;

        Slot(VirtualUser user) {
            this.user = user;
        }

        @Override
        public void accept(Exchange exchange) {
            outcome = exchange;
            due.add(this);
        }
    }

    /** A pause that ends at {@code atNanos}. */
    private record Wake(long atNanos, Slot slot) implements Comparable<Wake> {
        @Override
        public int compareTo(Wake other) {
            return Long.compare(atNanos - other.atNanos, 0); // nanoTime may wrap: compare differences
        }
    }

    private final List<Slot> slots;
    private final Function<Selector, LoopClient> clients;
    private final ArrayDeque<Slot> due = new ArrayDeque<>();
    private final PriorityQueue<Wake> wakes = new PriorityQueue<>();
    private int running;

    /** @param clients makes this loop's client on its selector */
    UserLoop(List<VirtualUser> users, Function<Selector, LoopClient> clients) {
        this.slots = users.stream().map(Slot::new).toList();
        this.clients = clients;
    }

    @Override
    public void run() {
        try (Selector selector = Selector.open(); LoopClient client = clients.apply(selector)) {
            try {
                Consumer<SelectionKey> ready = client::ready;
                running = slots.size();
                for (Slot slot : slots) {
                    carryOut(slot, slot.user.start(), client);
                }
                while (running > 0 && !Thread.currentThread().isInterrupted()) {
                    long now = System.nanoTime();
                    for (Wake wake = wakes.peek(); wake != null && wake.atNanos() - now <= 0; wake = wakes.peek()) {
                        wakes.poll();
                        due.add(wake.slot());
                    }
                    for (Slot slot = due.poll(); slot != null; slot = due.poll()) {
                        Exchange outcome = slot.outcome;
                        slot.outcome = null;
                        UserAction next = outcome != null ? slot.user.answered(outcome)
                                : slot.user.woke(System.nanoTime());
                        carryOut(slot, next, client);
                    }
                    if (running == 0) {
                        break;
                    }
                    long nextDeadline = client.expireLate(System.nanoTime());
                    if (!due.isEmpty()) {
                        continue; // a request timed out: its user goes on before the loop waits
                    }
                    select(selector, ready, waitNanos(nextDeadline, System.nanoTime()));
                }
            } finally {
                long now = System.nanoTime();
                for (Slot slot : slots) {
                    slot.user.stopped(now);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("an event loop's selector failed", e);
        }
    }

    private long waitNanos(long nextDeadline, long now) {
        long until = now + LONGEST_WAIT_NANOS;
        if (nextDeadline != LoopClient.NO_DEADLINE && nextDeadline - until < 0) {
            until = nextDeadline;
        }
        Wake first = wakes.peek();
        if (first != null && first.atNanos() - until < 0) {
            until = first.atNanos();
        }
        return until - now;
    }

    /**
     * Hands each ready key straight to the client: the selector's selected-key set, a {@code HashSet} filled, walked
     * and cleared on every wake-up, is never used.
     */
    private static void select(Selector selector, Consumer<SelectionKey> ready, long waitNanos) throws IOException {
        if (waitNanos <= 0) {
            selector.selectNow(ready);
        } else {
            // select's unit is the millisecond: round up, so a pause never ends early
            selector.select(ready, Math.max(1, (waitNanos + 999_999) / 1_000_000));
        }
    }

    private void carryOut(Slot slot, UserAction action, LoopClient client) {
        switch (action) {
            case UserAction.Send send -> client.get(slot.user, send.node(), send.path(), send.cookie(), send.requestId(),
                    send.timeout(), slot);
            case UserAction.Pause pause -> wakes.add(new Wake(pause.untilNanos(), slot));
            case UserAction.Stop stop -> {
                running--;
                client.forget(slot.user);
            }
        }
    }
}
