package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.NoNodeProcessLeft;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import java.util.HashSet;
import java.util.Set;
import io.replsim.loadgen.profile.UserCarrierKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user script of every request type, and the open model, each against real node JVMs: the real apps must
 * answer every type the oracle checks, across a real SIGKILL, and an open load must arrive at its rate and go
 * through a SIGKILL as a closed one does.
 */
@ExtendWith(NoNodeProcessLeft.class)
class ScriptAndOpenModelProcessTest {

    private static final String CLUSTER = """
            cluster:
              nodes: 2
              workers: 8
              cpuBudget: 0.66
              heap: 128m
            replication:
              placement: all
              granularity: session
              delivery: sync
            """;

    /** With either user runtime: the users' code is the same, what carries them differs. */
    @ParameterizedTest
    @EnumSource(UserCarrierKind.class)
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void everyRequestTypeOfAScriptIsAnsweredAndCheckedThroughAKill(UserCarrierKind runtime, @TempDir Path dir)
            throws Exception {
        // the kill waits (at most 3 s) until every user has its session: each of them has a state to check after it
        PlayedScenario ran = PlayedScenario.playOnceUsersAreServed(dir, "script", "name: script\n" + CLUSTER
                + "load:\n  runtime: " + runtime.label() + "\n" + """
                  users: 20
                  thinkTime: 100ms
                  rampUp: 1s
                  duration: 9s
                  script:
                    - {request: counter, weight: 3}
                    - {request: cart, weight: 2}
                    - {request: profile, weight: 1}
                    - {request: bean, weight: 2}
                    - {request: read, weight: 2}
                faults:
                  - {type: kill, at: 4s, target: primary-of-most}
                checks:
                  maxSessionsLost: 0
                  maxSessionsStale: 0
                """, 2, Duration.ofSeconds(3));
        RunSummary summary = ran.outcome().summary();
        String printed = ran.console();
        // Sync replication and one kill: nothing may be stale or lost, of any type. A request answered 503 (a sync
        // replication that timed out on a loaded machine) is an unknown outcome the oracle accepts either way.
        assertThat(summary.sessions().stale() + summary.sessions().lost()).as(printed).isZero();
        assertThat(summary.responses().stale() + summary.responses().lost()).as(printed).isZero();

        assertThat(summary.requestTypes()).as(printed).extracting(RunSummary.RequestTypeRow::request)
                .containsExactly("counter", "cart", "profile", "bean", "read");
        assertThat(summary.requestTypes()).as(printed).allSatisfy(row -> {
            assertThat(row.requests()).isPositive();
            assertThat(row.responses().ok()).isPositive();
            assertThat(row.responses().lost() + row.responses().corrupt()).isZero();
        });
        assertThat(summary.requestTypes().stream().mapToLong(row -> row.responses().ok() + row.responses().stale())
                .sum()).isEqualTo(summary.responses().ok() + summary.responses().stale());
        assertThat(summary.requestTypes().stream().mapToLong(RunSummary.RequestTypeRow::requests).sum())
                .isEqualTo(summary.requests().total());
        assertThat(summary.faults()).singleElement()
                .satisfies(kill -> assertThat(kill.recoveredUsers()).as(printed).isEqualTo(kill.affectedUsers()));
        assertThat(ran.outcome().passed()).as(printed).isTrue();
        assertThat(printed).contains("script counter 3, cart 2, profile 1, bean 2, read 2")
                .contains("users on " + runtime.label())
                .containsPattern("request +read +weight 2 ");

        Set<String> tags = new HashSet<>();
        HistogramLogReader log = new HistogramLogReader(ran.outcome().directory().resolve("latency.hlog").toFile());
        for (EncodableHistogram interval; (interval = log.nextIntervalHistogram()) != null; ) {
            tags.add(String.valueOf(interval.getTag()));
        }
        assertThat(tags).containsExactlyInAnyOrder("null", "counter", "cart", "profile", "bean", "read");
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void anOpenLoadArrivesAtItsRateAndReportsBothLatencies(@TempDir Path dir) throws Exception {
        PlayedScenario ran = PlayedScenario.play(dir, "open", "name: open\n" + CLUSTER + """
                load:
                  model: open
                  rate: 100
                  arrivals: poisson
                  sessions: 20
                  warmUp: 2s
                  duration: 8s
                checks:
                  maxSessionsLost: 0
                """);
        RunSummary summary = ran.outcome().summary();
        String printed = ran.console();

        RunSummary.OpenFigures open = summary.open();
        assertThat(open).as(printed).isNotNull();
        assertThat(open.arrivals()).isEqualTo("poisson");
        assertThat(open.intendedPerSec()).isEqualTo(100.0);
        // 6 s after the warm-up at a mean of 100/s: 600 arrivals, a Poisson count's deviation being about 25
        assertThat(summary.requests().total()).as(printed).isBetween(450L, 750L);
        assertThat(summary.requests().errors()).as(printed).isZero();
        // each request's intended start is never after its send, so the corrected figure cannot be the lower
        assertThat(open.correctedMs().max()).isGreaterThanOrEqualTo(open.uncorrectedMs().max());
        assertThat(summary.sessions().lost() + summary.sessions().stale()).as(printed).isZero();
        assertThat(printed).contains("open model: poisson arrivals at 100.0/s over 20 sessions")
                .contains("from each request's intended start").contains("uncorrected, from the send");
        // the interval logs, one per latency: an interval a second over the 8 s, each line a histogram
        for (String log : new String[] {"latency.hlog", "latency-uncorrected.hlog"}) {
            assertThat(Files.readAllLines(ran.outcome().directory().resolve(log)))
                    .as(log).filteredOn(line -> !line.startsWith("#") && !line.startsWith("\"")).hasSizeGreaterThanOrEqualTo(8);
        }
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void anOpenLoadGoesThroughAKillWithItsFailoverAndReport(@TempDir Path dir) throws Exception {
        PlayedScenario ran = PlayedScenario.play(dir, "open-kill", "name: open-kill\n" + CLUSTER + """
                load:
                  model: open
                  rate: 100
                  sessions: 20
                  warmUp: 2s
                  duration: 9s
                faults:
                  - {type: kill, at: 4s, target: primary-of-most}
                checks:
                  maxSessionsLost: 0
                """);
        RunSummary summary = ran.outcome().summary();
        String printed = ran.console();

        assertThat(summary.open()).as(printed).isNotNull();
        assertThat(printed).contains("fault: kill").contains("open model: constant arrivals at 100.0/s");
        // the killed node's sessions are the affected "users": each must be served again by the survivor
        assertThat(summary.faults()).as(printed).singleElement().satisfies(kill -> {
            assertThat(kill.type()).isEqualTo("kill");
            assertThat(kill.affectedUsers()).isPositive();
            assertThat(kill.recoveredUsers()).isEqualTo(kill.affectedUsers());
        });
        // sync replication to every node: the kill loses nothing
        assertThat(summary.sessions().lost() + summary.sessions().corrupt()).as(printed).isZero();
        Path run = ran.outcome().directory();
        assertThat(Files.readString(run.resolve("report.html"))).contains("<title>replsim open-kill")
                .contains("kill " + summary.faults().getFirst().node());
        assertThat(Files.readString(run.resolve("events.jsonl"))).contains("\"kill\"");
    }
}
