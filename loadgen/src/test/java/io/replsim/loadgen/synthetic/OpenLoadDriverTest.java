package io.replsim.loadgen.synthetic;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.open.Arrivals;
import io.replsim.loadgen.open.OpenIntervalLogs;
import io.replsim.loadgen.open.OpenLoadDriver;
import io.replsim.loadgen.open.OpenProfile;
import io.replsim.loadgen.open.OpenResult;
import io.replsim.loadgen.profile.SessionsAtEnd;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/** The open model against a pool of 4 threads holding each request 10 ms: at most 400 requests a second. */
@Timeout(60)
class OpenLoadDriverTest {

    private static OpenResult run(Arrivals arrivals, int sessions) throws Exception {
        try (FixedServiceCounter server = new FixedServiceCounter(4, Duration.ofMillis(10));
             OpenLoadDriver driver = new OpenLoadDriver(new OpenProfile(arrivals, sessions, Duration.ofMillis(500),
                     Duration.ofMillis(2_500), Duration.ofSeconds(5), "/counter", SessionShapes.DEFAULT),
                     server.endpoints())) {
            return driver.run();
        }
    }

    @Test
    void underCapacityTheRateIsKeptAndBothLatenciesAgree() throws Exception {
        OpenResult result = run(new Arrivals.Constant(100), 20);
        assertThat(result.throughputPerSecond()).isCloseTo(100, within(10.0));
        assertThat(result.errors()).isEqualTo(ErrorCounts.NONE);
        assertThat(result.correctedMicros().getTotalCount()).isEqualTo(result.requests());
        assertThat(result.uncorrectedMicros().getTotalCount()).isEqualTo(result.requests());
        // nobody waited for a session: corrected and uncorrected differ by the scheduler's lateness only (a few ms
        // on a busy machine), where above capacity they differ by the whole queue
        assertThat(result.correctedMicros().getValueAtPercentile(50) - result.uncorrectedMicros().getValueAtPercentile(50))
                .isLessThan(20_000);
        assertThat(result.sessionVerdicts().stale() + result.sessionVerdicts().lost()).isZero();
    }

    @Test
    void aboveCapacityTheCorrectedLatencyShowsTheQueueTheUncorrectedOneHides() throws Exception {
        // 600/s into 4 sessions against a 400/s server: arrivals queue in the driver for a free session
        OpenResult result = run(new Arrivals.Constant(600), 4);
        long correctedP90 = result.correctedMicros().getValueAtPercentile(90);
        long uncorrectedP90 = result.uncorrectedMicros().getValueAtPercentile(90);
        assertThat(uncorrectedP90).as("a sent request still takes about the service time").isLessThan(100_000);
        assertThat(correctedP90).as("measured from the arrival, the queue shows").isGreaterThan(uncorrectedP90 * 5);
        assertThat(result.throughputPerSecond()).isLessThan(420);
    }

    @Test
    void bothLatenciesGoToIntervalLogsASecondEachWarmUpIncluded(@TempDir Path dir) throws Exception {
        var logs = new OpenIntervalLogs(dir.resolve("latency.hlog"), dir.resolve("latency-uncorrected.hlog"));
        OpenResult result;
        long completed;
        // 600/s into 4 sessions against a 400/s server: the queue shows in one log and not in the other
        try (FixedServiceCounter server = new FixedServiceCounter(4, Duration.ofMillis(10));
             OpenLoadDriver driver = new OpenLoadDriver(new OpenProfile(new Arrivals.Constant(600), 4,
                     Duration.ofMillis(500), Duration.ofMillis(2_500), Duration.ofSeconds(5), "/counter",
                     SessionShapes.DEFAULT), server.endpoints(), Optional.of(logs))) {
            result = driver.run();
            completed = driver.completedSoFar();
        }

        List<Histogram> corrected = intervals(logs.corrected());
        List<Histogram> uncorrected = intervals(logs.uncorrected());
        // a second each over the 2.5 s schedule and the queue's draining after it
        assertThat(corrected).as("intervals").hasSizeGreaterThanOrEqualTo(3);
        assertThat(uncorrected).hasSameSizeAs(corrected);
        long logged = corrected.stream().mapToLong(Histogram::getTotalCount).sum();
        assertThat(logged).as("every answer, warm-up included").isEqualTo(completed)
                .isGreaterThan(result.requests());
        assertThat(uncorrected.stream().mapToLong(Histogram::getTotalCount).sum()).isEqualTo(logged);
        for (int i = 1; i < corrected.size(); i++) {
            // the log keeps each interval's start and length to the millisecond, so an end may round 1 ms over
            assertThat(corrected.get(i).getStartTimeStamp()).as("interval %d starts after the one before", i)
                    .isGreaterThanOrEqualTo(corrected.get(i - 1).getEndTimeStamp() - 1);
        }
        assertThat(added(corrected).getValueAtPercentile(90)).as("the driver's queue, in the corrected log only")
                .isGreaterThan(added(uncorrected).getValueAtPercentile(90) * 5);
    }

    private static Histogram added(List<Histogram> intervals) {
        Histogram sum = new Histogram(3);
        intervals.forEach(sum::add);
        return sum;
    }

    private static List<Histogram> intervals(Path log) throws Exception {
        List<Histogram> intervals = new ArrayList<>();
        var reader = new HistogramLogReader(log.toFile());
        while (reader.nextIntervalHistogram() instanceof Histogram interval) {
            intervals.add(interval);
        }
        return intervals;
    }

    @Test
    void poissonArrivalsHaveTheirMeanRateAndExponentialGaps() {
        Arrivals.Poisson poisson = new Arrivals.Poisson(200);
        SplittableRandom random = new SplittableRandom(3);
        long[] gaps = LongStream.range(0, 100_000).map(i -> poisson.gapNanos(random)).toArray();
        double meanMillis = LongStream.of(gaps).average().orElseThrow() / 1e6;
        assertThat(meanMillis).isCloseTo(5.0, within(0.05));
        // exponential: P(gap ≤ mean) = 1 − 1/e
        double belowMean = LongStream.of(gaps).filter(g -> g <= 5_000_000).count() / (double) gaps.length;
        assertThat(belowMean).isCloseTo(1 - Math.exp(-1), within(0.01));
        assertThat(new Arrivals.Constant(200).gapNanos(random)).isEqualTo(5_000_000);
    }

    @Test
    void sessionsEndedAtTheEndLogOutSoTheServerHoldsNoneOfThem() throws Exception {
        OpenProfile profile = new OpenProfile(new Arrivals.Constant(100), 10, Duration.ofMillis(500),
                Duration.ofMillis(1_500), Duration.ofSeconds(5), "/counter", SessionShapes.DEFAULT);
        try (FixedServiceCounter server = new FixedServiceCounter(4, Duration.ofMillis(10))) {
            OpenResult kept;
            try (OpenLoadDriver driver = new OpenLoadDriver(profile, server.endpoints(), Optional.empty(),
                    SessionsAtEnd.KEPT)) {
                kept = driver.run();
            }
            int heldAfterKept = server.sessionsHeld();
            assertThat(heldAfterKept).as("sessions kept after the run").isEqualTo(10);
            assertThat(server.logouts()).isZero();

            OpenResult ended;
            try (OpenLoadDriver driver = new OpenLoadDriver(profile, server.endpoints(), Optional.empty(),
                    SessionsAtEnd.ENDED)) {
                ended = driver.run();
            }
            assertThat(server.logouts()).as("one logout per session").isEqualTo(10);
            assertThat(server.sessionsHeld()).as("only the first run's sessions are left").isEqualTo(heldAfterKept);
            // the logouts came after the window: its figures count the arrivals alone, and each session is OK
            assertThat(ended.requests()).isCloseTo(kept.requests(), within(10L));
            assertThat(ended.sessionVerdicts().ok()).isEqualTo(10);
            assertThat(ended.distinctSessions()).isEqualTo(10);
        }
    }
}
