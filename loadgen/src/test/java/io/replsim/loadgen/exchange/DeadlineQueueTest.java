package io.replsim.loadgen.exchange;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The event-loop client's attempts by deadline, with deadlines set by hand. */
class DeadlineQueueTest {

    private static final long NONE = Long.MAX_VALUE;

    private static final class Timed implements DeadlineQueue.Timed {
        final String name;
        final long deadline;
        boolean finished;

        Timed(String name, long deadline) {
            this.name = name;
            this.deadline = deadline;
        }

        @Override
        public long deadlineNanos() {
            return deadline;
        }

        @Override
        public boolean finished() {
            return finished;
        }
    }

    private static List<String> ended(DeadlineQueue<Timed> queue, long nowNanos) {
        List<String> names = new ArrayList<>();
        for (Timed ended; (ended = queue.pollEnded(nowNanos)) != null; ) {
            names.add(ended.name);
        }
        return names;
    }

    @Test
    void attemptsOfTheirOwnTimeoutEndInDeadlineOrderBesideThoseOfTheClients() {
        DeadlineQueue<Timed> queue = new DeadlineQueue<>();
        queue.add(new Timed("client 1", 1_000), true);
        queue.add(new Timed("own 900", 900), false);
        queue.add(new Timed("client 2", 1_100), true);
        queue.add(new Timed("own 300", 300), false);
        queue.add(new Timed("own 1050", 1_050), false);

        assertThat(queue.nextDeadline(NONE)).isEqualTo(300);
        assertThat(ended(queue, 299)).isEmpty();
        assertThat(ended(queue, 900)).containsExactly("own 300", "own 900");
        assertThat(queue.nextDeadline(NONE)).isEqualTo(1_000);
        assertThat(ended(queue, 1_050)).containsExactly("client 1", "own 1050");
        assertThat(queue.nextDeadline(NONE)).isEqualTo(1_100);
        assertThat(ended(queue, 1_100)).containsExactly("client 2");
        assertThat(queue.nextDeadline(NONE)).isEqualTo(NONE);
    }

    /** A finished attempt at a head leaves before its deadline; one behind an unfinished head waits for it. */
    @Test
    void finishedAttemptsLeaveWhenTheyReachAHead() {
        DeadlineQueue<Timed> queue = new DeadlineQueue<>();
        Timed first = new Timed("first", 500);
        Timed second = new Timed("second", 600);
        Timed own = new Timed("own", 200);
        queue.add(first, true);
        queue.add(second, true);
        queue.add(own, false);
        second.finished = true;
        own.finished = true;

        assertThat(ended(queue, 0)).containsExactly("own");
        assertThat(queue.nextDeadline(NONE)).isEqualTo(500);
        first.finished = true;
        assertThat(ended(queue, 0)).containsExactly("first", "second");
        assertThat(queue.nextDeadline(NONE)).isEqualTo(NONE);
    }

    /** {@link System#nanoTime()} may wrap: a deadline past the wrap is later than one just before it. */
    @Test
    void deadlinesAcrossTheWrapOfNanoTimeKeepTheirOrder() {
        DeadlineQueue<Timed> queue = new DeadlineQueue<>();
        long beforeWrap = Long.MAX_VALUE - 10;
        queue.add(new Timed("after the wrap", beforeWrap + 20), false);
        queue.add(new Timed("before the wrap", beforeWrap), false);
        queue.add(new Timed("client's, after the wrap", beforeWrap + 30), true);

        assertThat(queue.nextDeadline(NONE)).isEqualTo(beforeWrap);
        assertThat(ended(queue, beforeWrap + 25)).containsExactly("before the wrap", "after the wrap");
        assertThat(queue.nextDeadline(NONE)).isEqualTo(beforeWrap + 30);
    }

    @Test
    void clearHandsOverEveryAttempt() {
        DeadlineQueue<Timed> queue = new DeadlineQueue<>();
        queue.add(new Timed("client", 1), true);
        queue.add(new Timed("own", 2), false);
        List<String> handed = new ArrayList<>();
        queue.clear(timed -> handed.add(timed.name));
        assertThat(handed).containsExactlyInAnyOrder("client", "own");
        assertThat(queue.pollEnded(Long.MAX_VALUE - 1)).isNull();
        assertThat(queue.nextDeadline(NONE)).isEqualTo(NONE);
    }
}
