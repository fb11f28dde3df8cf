package io.replsim.loadgen;

import io.replsim.loadgen.StubCluster.Behaviour;
import io.replsim.loadgen.check.Verdict;
import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.open.Arrivals;
import io.replsim.loadgen.open.OpenProfile;
import io.replsim.loadgen.record.Second;
import io.replsim.loadgen.record.Stint;
import io.replsim.loadgen.record.UserTimeline;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** The open model through the {@link Load} seam: one result type, a timeline per session, the node serving it. */
@Timeout(30)
class OpenLoadTest {

    private static OpenProfile profile(int sessions, Duration warmUp, Duration duration) {
        return new OpenProfile(new Arrivals.Constant(100), sessions, warmUp, duration, Duration.ofSeconds(2),
                "/counter", SessionShapes.DEFAULT);
    }

    @Test
    void anOpenRunReadsAsALoadResultWithATimelinePerSessionAndItsOwnFigures() throws Exception {
        LoadResult result;
        Optional<String> serving;
        long completed;
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL);
             Load load = new OpenLoad(profile(5, Duration.ofMillis(500), Duration.ofMillis(1_500)),
                     cluster.endpoints(), Optional.empty())) {
            load.start();
            result = load.awaitResult();
            serving = load.nodeServing(0);
            completed = load.progress().requestsTotal();
        }
        assertThat(result.open()).as("the open model's own figures").isPresent();
        assertThat(result.open().orElseThrow().intendedPerSecond()).isEqualTo(100.0);
        assertThat(result.steady().from()).isEqualTo(Duration.ofMillis(500));
        assertThat(result.steady().to()).isEqualTo(Duration.ofMillis(1_500));
        assertThat(result.steady().users()).isEqualTo(5);
        assertThat(result.latencyMicros().getTotalCount()).as("every measured arrival answered")
                .isEqualTo(result.requests());
        assertThat(result.timelines()).extracting(UserTimeline::user).containsExactly(0, 1, 2, 3, 4);
        assertThat(result.timelines()).allSatisfy(timeline ->
                assertThat(timeline.stints()).isNotEmpty().allMatch(Stint::hadOk));
        assertThat(serving).isPresent().get().isIn("node1", "node2");
        // the timeline is the whole run's, warm-up included; the figures count the measured window only
        long perSecond = result.perSecond().stream().mapToLong(Second::requests).sum();
        assertThat(perSecond).isEqualTo(completed).isGreaterThan(result.requests());
    }

    /** As the closed model reads it (LoadDriverTest): each 503 in the window's errors, each session never served. */
    @Test
    void aClusterAnsweringOnly503sGivesAnErrorRatioOfOneAndEverySessionNeverServed() throws Exception {
        LoadResult result;
        try (StubCluster cluster = new StubCluster(Behaviour.REPLICATION_FAILS);
             Load load = new OpenLoad(profile(5, Duration.ofMillis(300), Duration.ofMillis(1_000)),
                     cluster.endpoints(), Optional.empty())) {
            load.start();
            result = load.awaitResult();
        }
        ServerErrorsOnly.assertReadBy(result, 5);
    }

    @Test
    void aSessionWhoseNodeStopsIsServedByAnotherAndItsTimelineShowsBoth() throws Exception {
        LoadResult result;
        String first;
        try (StubCluster cluster = new StubCluster(Behaviour.FAITHFUL, Behaviour.FAITHFUL);
             Load load = new OpenLoad(profile(4, Duration.ZERO, Duration.ofMillis(8_000)), cluster.endpoints(),
                     Optional.empty())) {
            load.start();
            // generous: on a machine at load 19 the first answer took more than 2 s
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (load.nodeServing(0).isEmpty() && System.nanoTime() - deadline < 0) {
                Thread.sleep(10);
            }
            first = load.nodeServing(0).orElseThrow(() -> new AssertionError("session 0 never answered in 5 s"));
            cluster.stop(first);
            result = load.awaitResult();
            assertThat(load.nodeServing(0)).isPresent().get().isNotEqualTo(first);
        }
        UserTimeline session0 = result.timelines().getFirst();
        assertThat(session0.stints()).extracting(Stint::node).first().isEqualTo(first);
        assertThat(session0.stints().getLast().node()).isNotEqualTo(first);
        assertThat(session0.stints().getLast().hadOk()).isTrue();
        assertThat(result.sessionVerdicts().lost()).as("the stub's nodes share one session map").isZero();
    }

    /** As the closed model marks them (LoadDriverTest): a STALE answer carries when its request left and arrived. */
    @Test
    void aStaleAnswerIsMarkedWithWhenItsRequestWasSentAndWhenItArrived() throws Exception {
        LoadResult result;
        try (StubCluster cluster = new StubCluster(Behaviour.STALE_BY_ONE_SLOWLY);
             Load load = new OpenLoad(profile(3, Duration.ZERO, Duration.ofMillis(1_000)), cluster.endpoints(),
                     Optional.empty())) {
            load.start();
            result = load.awaitResult();
        }
        long startMs = result.startedAt().toEpochMilli();
        // the stub answers 40 ms after it read the session: whoever judges when the node read it needs both times
        assertThat(result.timelines()).flatExtracting(UserTimeline::marks).isNotEmpty().allSatisfy(mark -> {
            assertThat(mark.verdict()).isEqualTo(Verdict.STALE);
            assertThat(mark.sentAtMs()).isGreaterThanOrEqualTo(startMs).isLessThanOrEqualTo(mark.atMs() - 40);
        });
    }
}
