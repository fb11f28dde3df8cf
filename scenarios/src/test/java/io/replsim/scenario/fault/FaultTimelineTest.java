package io.replsim.scenario.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.spec.DelaySpec;
import io.replsim.scenario.spec.FaultSpec;
import io.replsim.scenario.spec.KillSpec;
import io.replsim.scenario.spec.NodeSelector;
import io.replsim.scenario.spec.PartitionSpec;
import io.replsim.scenario.spec.PauseSpec;
import io.replsim.scenario.spec.ResumeSpec;
import io.replsim.scenario.spec.Schedule;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The timeline on a fake clock with a recording nemesis: what happens when, exactly, without a cluster. */
class FaultTimelineTest {
    private final FakeClock clock = new FakeClock();
    private final List<FaultEvent> events = new ArrayList<>();
    private final List<String> problems = new ArrayList<>();

    private static Schedule.At at(long seconds) {
        return new Schedule.At(Duration.ofSeconds(seconds));
    }

    private static NodeSelector.Named node(String name) {
        return new NodeSelector.Named(name);
    }

    private RecordingNemesis play(List<FaultSpec> faults, Set<String> refusing) {
        RecordingNemesis nemesis = new RecordingNemesis(clock, refusing);
        try (FaultTimeline timeline = new FaultTimeline(faults, nemesis, clock, events::add, problems::add)) {
            timeline.play(clock.nanoTime());
        }
        return nemesis;
    }

    @Test
    void faultsFireAtTheirTimesInTimeOrderWhateverTheirOrderInTheFile() {
        RecordingNemesis nemesis = play(List.of(
                new KillSpec(Duration.ofSeconds(30), node("node3")),
                new KillSpec(Duration.ofSeconds(10), node("node2"))), Set.of());

        assertThat(nemesis.actions()).containsExactly("10000 inject kill node2", "30000 inject kill node3");
        assertThat(events).extracting(FaultEvent::atMs).containsExactly(10_000L, 30_000L);
        assertThat(events).extracting(FaultEvent::epochMs)
                .containsExactly(FakeClock.EPOCH_AT_ZERO_MS + 10_000, FakeClock.EPOCH_AT_ZERO_MS + 30_000);
        assertThat(problems).isEmpty();
    }

    @Test
    void aPauseWithAForIsResumedExactlyThatLongAfter() {
        RecordingNemesis nemesis = play(List.of(
                new PauseSpec(at(12), node("node2"), Optional.of(Duration.ofSeconds(5)))), Set.of());

        assertThat(nemesis.actions()).containsExactly("12000 inject pause node2", "17000 heal paused node2");
        assertThat(events).extracting(FaultEvent::phase, FaultEvent::atMs).containsExactly(
                org.assertj.core.groups.Tuple.tuple(FaultEvent.Phase.START, 12_000L),
                org.assertj.core.groups.Tuple.tuple(FaultEvent.Phase.HEAL, 17_000L));
        assertThat(events.getLast().detail()).isEqualTo("at the end of its for");
    }

    @Test
    void aPauseLastsItsForFromWhenItStruckWhenFindingItsTargetTookAWhile() throws Exception {
        RecordingNemesis recording = new RecordingNemesis(clock, Set.of());
        Nemesis slowToAim = new Nemesis() {
            @Override
            public FaultSpec aim(FaultSpec fault) {
                clock.sleepUntil(clock.nanoTime() + 1_500_000_000L); // busy nodes answering "who owns the most?"
                return fault;
            }

            @Override
            public Disruption inject(FaultSpec fault) throws IOException {
                return recording.inject(fault);
            }

            @Override
            public FaultEvidence confirm(Disruption disruption) {
                return recording.confirm(disruption);
            }

            @Override
            public FaultEvidence heal(Disruption disruption) {
                return recording.heal(disruption);
            }
        };
        try (FaultTimeline timeline = new FaultTimeline(List.of(new PauseSpec(at(12), node("node2"),
                Optional.of(Duration.ofSeconds(5)))), slowToAim, clock, events::add, problems::add)) {
            timeline.play(clock.nanoTime());
        }

        assertThat(recording.actions()).containsExactly("13500 inject pause node2", "18500 heal paused node2");
    }

    @Test
    void everyFiresFromItsStartAtEachPeriodAndNotAtItsEnd() {
        RecordingNemesis nemesis = play(List.of(new PauseSpec(
                new Schedule.Every(Duration.ofSeconds(10), Duration.ofSeconds(5), Duration.ofSeconds(35)),
                node("node1"), Optional.of(Duration.ofSeconds(2)))), Set.of());

        assertThat(nemesis.actions()).containsExactly(
                "5000 inject pause node1", "7000 heal paused node1",
                "15000 inject pause node1", "17000 heal paused node1",
                "25000 inject pause node1", "27000 heal paused node1");
    }

    @Test
    void aResumeHealsThePausedNodeItNamesAndOnlyThatOne() {
        RecordingNemesis nemesis = play(List.of(
                new PauseSpec(at(5), node("node1"), Optional.empty()),
                new PauseSpec(at(6), node("node2"), Optional.empty()),
                new ResumeSpec(at(9), Optional.of("node2"))), Set.of());

        assertThat(nemesis.actions()).containsExactly("5000 inject pause node1", "6000 inject pause node2",
                "9000 heal paused node2", "9000 heal paused node1");
        assertThat(events.get(2).detail()).isEqualTo("resumed by a resume fault");
        assertThat(events.get(3).detail()).as("node1 waited for the end of the run").isEqualTo("at the end of the run");
    }

    @Test
    void closingHealsEveryOpenFaultLatestFirst() {
        RecordingNemesis nemesis = play(List.of(
                new PartitionSpec(at(5), new PartitionSpec.Named(List.of(List.of("node1", "node2"), List.of("node3"))),
                        Optional.empty()),
                new DelaySpec(at(8), node("node1"), Duration.ofMillis(200), Optional.empty()),
                new PauseSpec(at(9), node("node2"), Optional.empty())), Set.of());

        assertThat(nemesis.actions()).containsExactly("5000 inject partition node3", "8000 inject delay node1",
                "9000 inject pause node2",
                "9000 heal paused node2", "9000 heal delayed node1", "9000 heal partitioned node3");
        assertThat(events.subList(3, 6)).allSatisfy(event -> assertThat(event.detail()).isEqualTo("at the end of the run"));
    }

    @Test
    void aClosedTimelineHealsWhatIsOpenEvenWhenItWasNeverPlayedToTheEnd() throws Exception {
        RecordingNemesis nemesis = new RecordingNemesis(clock, Set.of());
        FaultTimeline timeline = new FaultTimeline(List.of(
                new PauseSpec(at(1), node("node2"), Optional.empty()),
                new KillSpec(Duration.ofHours(1), node("node3"))), nemesis, new BlockingAfterFirstFault(clock),
                events::add, problems::add);
        timeline.start(0);
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(5)).until(() -> nemesis.actions().size() == 1);

        timeline.close();

        assertThat(nemesis.actions()).containsExactly("1000 inject pause node2", "1000 heal paused node2");
    }

    @Test
    void aKilledNodesPauseNeedsNoHealing() {
        RecordingNemesis nemesis = play(List.of(
                new PauseSpec(at(5), node("node2"), Optional.empty()),
                new KillSpec(Duration.ofSeconds(7), node("node2"))), Set.of());

        assertThat(nemesis.actions()).containsExactly("5000 inject pause node2", "7000 inject kill node2");
    }

    @Test
    void aFaultThatFailsIsReportedAndTheOthersStillFire() {
        RecordingNemesis nemesis = play(List.of(
                new KillSpec(Duration.ofSeconds(5), node("node2")),
                new KillSpec(Duration.ofSeconds(6), node("node3"))), Set.of("node2"));

        assertThat(nemesis.actions()).containsExactly("6000 inject kill node3");
        assertThat(problems).singleElement().asString().contains("kill at 5000 ms failed", "did not answer");
        // the failed one is an event too, without evidence, so that the report can refuse to call the run measured
        assertThat(events).extracting(FaultEvent::phase).containsExactly(FaultEvent.Phase.FAILED,
                FaultEvent.Phase.START);
        assertThat(events.getFirst().fault()).isZero();
        assertThat(events.getFirst().evidence().confirmed()).isFalse();
        assertThat(events.getFirst().detail()).contains("kill at 5000 ms failed", "did not answer");
        assertThat(events.getLast().evidence()).isEqualTo(FaultEvidence.confirmed("node3 read back at 6000"));
    }

    @Test
    void aFaultIsConfirmedByWhatIsReadBackRightAfterItAndALastingOneAgainAtItsHeal() {
        RecordingNemesis nemesis = new RecordingNemesis(clock, Set.of(), Set.of("node3"));
        try (FaultTimeline timeline = new FaultTimeline(List.of(
                new KillSpec(Duration.ofSeconds(5), node("node3")),
                new PauseSpec(at(6), node("node2"), Optional.of(Duration.ofSeconds(2)))), nemesis, clock,
                events::add, problems::add)) {
            timeline.play(clock.nanoTime());
        }

        assertThat(events).extracting(FaultEvent::phase, event -> event.evidence().confirmed()).containsExactly(
                org.assertj.core.groups.Tuple.tuple(FaultEvent.Phase.START, false),
                org.assertj.core.groups.Tuple.tuple(FaultEvent.Phase.START, true),
                org.assertj.core.groups.Tuple.tuple(FaultEvent.Phase.HEAL, true));
        assertThat(events.getFirst().evidence().seen()).isEqualTo("node3 read back untouched at 5000");
        assertThat(events.getLast().evidence().seen()).isEqualTo("node2 read back at 8000");
    }

    @Test
    void aPauseItsNodesKillCutsShortIsReadBackBeforeTheKillAndRecordedAsCutShort() {
        RecordingNemesis nemesis = play(List.of(
                new PauseSpec(at(5), node("node2"), Optional.empty()),
                new KillSpec(Duration.ofSeconds(7), node("node2"))), Set.of());

        assertThat(events).extracting(FaultEvent::phase).containsExactly(FaultEvent.Phase.START,
                FaultEvent.Phase.START, FaultEvent.Phase.CUT_SHORT);
        FaultEvent cut = events.getLast();
        assertThat(cut.type()).isEqualTo("pause");
        assertThat(cut.detail()).isEqualTo("ended with its node by the kill at 7000 ms");
        // read at 7000 by the fake clock, before the kill: afterwards there would be nothing left to read
        assertThat(cut.evidence()).isEqualTo(FaultEvidence.confirmed("node2 read back at 7000"));
        assertThat(nemesis.actions()).containsExactly("5000 inject pause node2", "7000 inject kill node2");
    }

    @Test
    void aResumeWithNothingPausedIsReported() {
        play(List.of(new ResumeSpec(at(3), Optional.empty())), Set.of());

        assertThat(problems).singleElement().asString().contains("no node of that name is paused");
    }

    /** Plays the first fault in virtual time, then blocks (really) until interrupted: a run cut short. */
    @Test
    void aFaultIsTimedFromWhenItStrikesNotFromTheLookUpOfItsTarget() {
        RecordingNemesis recording = new RecordingNemesis(clock, Set.of());
        Nemesis slowToAim = new Nemesis() {
            @Override
            public FaultSpec aim(FaultSpec fault) {
                // Finding the primary of the most sessions reads every node's stats: 800 ms in loaded containers.
                clock.sleepUntil(clock.nanoTime() + Duration.ofMillis(800).toNanos());
                return new KillSpec(((KillSpec) fault).schedule(), node("node2"));
            }

            @Override
            public Disruption inject(FaultSpec fault) throws IOException {
                return recording.inject(fault);
            }

            @Override
            public FaultEvidence confirm(Disruption disruption) {
                return recording.confirm(disruption);
            }

            @Override
            public FaultEvidence heal(Disruption disruption) {
                return recording.heal(disruption);
            }
        };
        try (FaultTimeline timeline = new FaultTimeline(List.of(new KillSpec(Duration.ofSeconds(10),
                new NodeSelector.PrimaryOfMost())), slowToAim, clock, events::add, problems::add)) {
            timeline.play(clock.nanoTime());
        }

        assertThat(recording.actions()).containsExactly("10800 inject kill node2");
        assertThat(events).singleElement().satisfies(event -> {
            assertThat(event.atMs()).isEqualTo(10_800L);
            assertThat(event.node()).isEqualTo("node2");
        });
    }

    private static final class BlockingAfterFirstFault implements TimelineClock {
        private final FakeClock clock;
        private int sleeps;

        BlockingAfterFirstFault(FakeClock clock) {
            this.clock = clock;
        }

        @Override
        public long nanoTime() {
            return clock.nanoTime();
        }

        @Override
        public long epochMillis() {
            return clock.epochMillis();
        }

        @Override
        public void sleepUntil(long nanos) throws InterruptedException {
            if (sleeps++ == 0) {
                clock.sleepUntil(nanos);
                return;
            }
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    @Test
    void aDoubleKillIsOneEventWithBothNodesAndItsPlaceInTheScenarioAndTakesTheBuddysPauseWithIt() {
        RecordingNemesis nemesis = play(List.of(
                new PauseSpec(at(5), node("node3"), Optional.of(Duration.ofSeconds(20))),
                new io.replsim.scenario.spec.DoubleKillSpec(at(10), node("node2"), Duration.ofMillis(500))), Set.of());

        assertThat(nemesis.actions()).containsExactly("5000 inject pause node3", "10000 inject double-kill node2+node3");
        assertThat(events).extracting(FaultEvent::phase).containsExactly(FaultEvent.Phase.START,
                FaultEvent.Phase.START, FaultEvent.Phase.CUT_SHORT);
        // the buddy is only known once the pair is killed: its pause was not read before it ended
        assertThat(events.getLast().evidence().confirmed()).isFalse();
        FaultEvent pair = events.get(1);
        assertThat(pair.nodes()).containsExactly("node2", "node3");
        assertThat(pair.fault()).isEqualTo(1);
        assertThat(pair.detail()).isEqualTo("its buddy node3 500 ms later");
        assertThat(pair.allDownEpochMs()).isEqualTo(pair.epochMs() + 500);
        assertThat(events.getFirst().fault()).isZero();
    }
}
