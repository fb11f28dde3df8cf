package io.replsim.scenario.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import io.replsim.scenario.spec.FaultSpec;
import io.replsim.scenario.spec.KillSpec;
import io.replsim.scenario.spec.NodeSelector;
import io.replsim.scenario.spec.RestartSpec;
import io.replsim.scenario.spec.Schedule;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The timeline when the run's end (its close) catches a fault still under way: a restart whose act or read-back
 * takes longer than what is left of the load. The fake clock stands still while the fault waits for real, so
 * every time is exact; the wait ends only by the close's interrupt, as a restart command's would.
 */
class UnfinishedFaultTimelineTest {
    private static final NodeSelector.Named NODE2 = new NodeSelector.Named("node2");

    private final FakeClock clock = new FakeClock();
    private final List<FaultEvent> events = new CopyOnWriteArrayList<>();
    private final List<String> problems = new CopyOnWriteArrayList<>();

    /** Where a restart of {@link StuckRestart} waits until the run's end. */
    private enum Stuck { IN_ITS_ACT, IN_ITS_ACT_THEN_FAILS, READING_IT_BACK }

    /**
     * Restarts a node in 3 s of the fake clock's time, having seen it gone, and then waits (really) where it is told
     * until interrupted: in the act (a restart command still running), giving up with an error of its own as a
     * container runtime may, or while reading the node back. Kills are done at once.
     */
    private final class StuckRestart implements Nemesis {
        private final Stuck where;
        private final CountDownLatch waiting = new CountDownLatch(1);

        StuckRestart(Stuck where) {
            this.where = where;
        }

        @Override
        public Disruption inject(FaultSpec fault) throws InterruptedException {
            if (fault instanceof RestartSpec) {
                clock.sleepUntil(clock.nanoTime() + Duration.ofSeconds(3).toNanos());
                if (where != Stuck.READING_IT_BACK) {
                    try {
                        waitForTheEnd();
                    } catch (InterruptedException e) {
                        if (where == Stuck.IN_ITS_ACT_THEN_FAILS) {
                            throw new IllegalStateException("container start interrupted");
                        }
                        throw e;
                    }
                }
                return new Disruption.Restarted("node2");
            }
            return new Disruption.Killed(((NodeSelector.Named) ((KillSpec) fault).target()).node());
        }

        @Override
        public FaultEvidence confirm(Disruption disruption) {
            if (disruption instanceof Disruption.Restarted) {
                try {
                    waitForTheEnd();
                } catch (InterruptedException e) {
                    // as NodeReadBack: what was read last is the evidence, and the interrupt is kept
                    Thread.currentThread().interrupt();
                }
                return FaultEvidence.unconfirmed("node2 not up again as a new instance, when the run ended");
            }
            return FaultEvidence.confirmed(disruption.nodes() + " gone");
        }

        @Override
        public Optional<FaultEvidence> readSoFar(FaultSpec aimed) {
            return Optional.of(FaultEvidence.confirmed("node2 seen gone before its restart"));
        }

        @Override
        public FaultEvidence heal(Disruption disruption) {
            throw new AssertionError("nothing lasting here");
        }

        private void waitForTheEnd() throws InterruptedException {
            waiting.countDown();
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    /** A restart at 8 s and a kill at 9 s, played until the restart waits; then the run ends. */
    private void playUntilTheRestartWaits(StuckRestart nemesis) throws InterruptedException {
        FaultTimeline timeline = new FaultTimeline(List.of(
                new RestartSpec(new Schedule.At(Duration.ofSeconds(8)), NODE2),
                new KillSpec(Duration.ofSeconds(9), new NodeSelector.Named("node3"))), nemesis, clock, events::add,
                problems::add);
        timeline.start(0);
        assertThat(nemesis.waiting.await(10, TimeUnit.SECONDS)).as("the restart began to wait").isTrue();

        timeline.close();
    }

    @Test
    void aRestartStillUnderWayWhenTheRunEndsIsRecordedWithWhatWasReadSoFarAndWhatItWaitedFor() throws Exception {
        playUntilTheRestartWaits(new StuckRestart(Stuck.IN_ITS_ACT));

        assertThat(events).extracting(FaultEvent::phase, FaultEvent::type, FaultEvent::node, FaultEvent::atMs)
                .containsExactly(
                        tuple(FaultEvent.Phase.START, "restart", "node2", 8_000L),
                        tuple(FaultEvent.Phase.UNFINISHED, "restart", "node2", 11_000L),
                        tuple(FaultEvent.Phase.FAILED, "kill", "", 11_000L));
        FaultEvent start = events.getFirst();
        assertThat(start.fault()).isZero();
        assertThat(start.target()).isEqualTo("node2");
        assertThat(start.evidence().confirmed()).as("never read back as done").isFalse();
        assertThat(start.evidence().seen()).isEqualTo("confirmed so far: node2 seen gone before its restart; not"
                + " done: the load ended before its restart was");
        assertThat(events.get(1).detail()).isEqualTo("the load ended 3.00 s after it struck, while its restart of"
                + " node2 was still under way (node2 not yet back)");
        assertThat(events.get(1).fault()).isZero();
    }

    @Test
    void aFaultWhoseTurnTheRunsEndTookIsRecordedAsNeverStarted() throws Exception {
        playUntilTheRestartWaits(new StuckRestart(Stuck.IN_ITS_ACT));

        FaultEvent kill = events.getLast();
        assertThat(kill.phase()).isEqualTo(FaultEvent.Phase.FAILED);
        assertThat(kill.fault()).isEqualTo(1);
        assertThat(kill.detail()).isEqualTo("kill never started: the load ended at 11.00 s, when it was due at 9000 ms"
                + " and waited for the faults before it to be done; lengthen the load (load.duration) past them, or"
                + " shorten what they wait for");
        assertThat(problems).containsExactly(kill.detail());
    }

    @Test
    void aRuntimeThatReportsTheInterruptAsAFailureOfItsOwnStillLeavesTheFaultUnfinishedNotFailed() throws Exception {
        playUntilTheRestartWaits(new StuckRestart(Stuck.IN_ITS_ACT_THEN_FAILS));

        assertThat(events).extracting(FaultEvent::phase, FaultEvent::type).startsWith(
                tuple(FaultEvent.Phase.START, "restart"), tuple(FaultEvent.Phase.UNFINISHED, "restart"));
        assertThat(problems).noneMatch(problem -> problem.contains("container start interrupted"));
    }

    @Test
    void aRestartDoneButNotYetReadBackWhenTheRunEndsIsUnfinishedToo() throws Exception {
        playUntilTheRestartWaits(new StuckRestart(Stuck.READING_IT_BACK));

        assertThat(events).extracting(FaultEvent::phase, FaultEvent::type).containsExactly(
                tuple(FaultEvent.Phase.START, "restart"), tuple(FaultEvent.Phase.UNFINISHED, "restart"),
                tuple(FaultEvent.Phase.FAILED, "kill"));
        assertThat(events.getFirst().evidence().seen()).isEqualTo("node2 not up again as a new instance, when the run"
                + " ended");
        assertThat(events.get(1).detail()).isEqualTo("the load ended 3.00 s after it struck, while node2 was not yet"
                + " back (not yet read back as a new instance)");
    }

    @Test
    void aFaultDoneBeforeTheRunEndsIsNoUnfinishedOne() {
        RecordingNemesis nemesis = new RecordingNemesis(clock, java.util.Set.of());
        try (FaultTimeline timeline = new FaultTimeline(List.of(new RestartSpec(new Schedule.At(Duration.ofSeconds(8)),
                NODE2)), nemesis, clock, events::add, problems::add)) {
            timeline.play(clock.nanoTime());
        }

        assertThat(events).extracting(FaultEvent::phase).containsExactly(FaultEvent.Phase.START);
        assertThat(problems).isEmpty();
    }
}
