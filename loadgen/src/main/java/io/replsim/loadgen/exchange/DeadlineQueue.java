package io.replsim.loadgen.exchange;

import java.util.ArrayDeque;
import java.util.PriorityQueue;
import java.util.function.Consumer;

/**
 * The event-loop client's attempts in flight, kept so that the late ones are found without looking at the others.
 * Those that wait the client's request timeout go in a FIFO: they start in the order of their deadlines, so the late
 * ones are at its head, at no cost per request in flight. Those given a timeout of their own (a balancer's retry on a
 * timeout) are not in that order, and go in a heap by deadline. A finished attempt is not searched for: it leaves when
 * it reaches a head, within a timeout of finishing.
 *
 * <p>Deadlines are {@link System#nanoTime()} values, compared by their difference since that may wrap. Not
 * thread-safe.
 */
final class DeadlineQueue<T extends DeadlineQueue.Timed> {

    /** What the queue needs to know of an attempt. */
    interface Timed {

        /** When it is late, in {@link System#nanoTime()} terms; fixed when it is queued. */
        long deadlineNanos();

        /** Whether it has ended otherwise (answered, failed, dropped): then its deadline no longer matters. */
        boolean finished();
    }

    private final ArrayDeque<T> inStartOrder = new ArrayDeque<>();
    private final PriorityQueue<T> byDeadline = new PriorityQueue<>(
            (a, b) -> Long.compare(a.deadlineNanos() - b.deadlineNanos(), 0));

    /**
     * @param clientsTimeout whether it waits the client's request timeout, as every attempt queued that way does:
     *                       then it starts after all of them and its deadline is not before theirs
     */
    void add(T attempt, boolean clientsTimeout) {
        if (clientsTimeout) {
            inStartOrder.addLast(attempt);
        } else {
            byDeadline.add(attempt);
        }
    }

    /**
     * Removes and returns an attempt that has finished or is late at {@code nowNanos} (deadline reached), or null
     * when neither head is: then every attempt not finished is in time.
     */
    T pollEnded(long nowNanos) {
        T first = inStartOrder.peekFirst();
        if (first != null && ended(first, nowNanos)) {
            return inStartOrder.pollFirst();
        }
        T earliest = byDeadline.peek();
        if (earliest != null && ended(earliest, nowNanos)) {
            return byDeadline.poll();
        }
        return null;
    }

    private static boolean ended(Timed attempt, long nowNanos) {
        return attempt.finished() || nowNanos - attempt.deadlineNanos() >= 0;
    }

    /** The earliest deadline of the heads, or {@code none} when nothing is queued; meant after {@link #pollEnded}. */
    long nextDeadline(long none) {
        T first = inStartOrder.peekFirst();
        T earliest = byDeadline.peek();
        if (first == null) {
            return earliest == null ? none : earliest.deadlineNanos();
        }
        if (earliest == null || first.deadlineNanos() - earliest.deadlineNanos() <= 0) {
            return first.deadlineNanos();
        }
        return earliest.deadlineNanos();
    }

    /** Hands every queued attempt to {@code each} and empties the queue. */
    void clear(Consumer<? super T> each) {
        inStartOrder.forEach(each);
        byDeadline.forEach(each);
        inStartOrder.clear();
        byDeadline.clear();
    }
}
