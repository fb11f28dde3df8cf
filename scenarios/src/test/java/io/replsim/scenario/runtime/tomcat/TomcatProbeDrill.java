package io.replsim.scenario.runtime.tomcat;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.check.Verdict;
import io.replsim.loadgen.check.VerdictMark;
import io.replsim.loadgen.record.Stint;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.scenario.report.InvalidRuns;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.run.RunOutcome;
import io.replsim.scenario.run.ScenarioRunner;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A drill of real Tomcat 11 members (SimpleTcpCluster, DeltaManager, asynchronous replication) serving
 * replsim-probe.war under load, the member serving the most users SIGKILLed, and how the driver's verdicts are set
 * beside what the probe app itself logged on the members: both must name the same damaged sessions, the driver from
 * the digests it recomputes, the probe from the sessions it held ({@link #assertTheyAgree}). The drills:
 * {@link TomcatFailoverDrill} and {@link TomcatInPlaceChangesDrill}, each a class of its own so the slow tier plays
 * them side by side.
 */
final class TomcatProbeDrill {
    private TomcatProbeDrill() {
    }

    private static final Pattern DAMAGE = Pattern.compile(
            "REPLSIM-PROBE-DAMAGE page=\\w+ session=(\\S+) (?:serial=\\d+ node=\\S+ read=.*? answered=(ok|\\[.*\\])"
                    + "|node=\\S+ unreadable=.*)$");

    static String drill(String name, boolean inPlace, int users, String duration, String killAt) {
        return """
                name: %s
                cluster: {nodes: 3, workers: 16, heap: 256m, runtime: tomcat}
                tomcat: {manager: delta, replication: async}
                workload:
                  app: profile
                  profile: {attributes: 8, attributeSize: 1KB, modifiedShare: 0.25, mutateInPlace: %s}
                load: {users: %d, thinkTime: 100ms, rampUp: 2s, duration: %s, requestTimeout: 5s}
                faults:
                  - {type: kill, at: %s, target: primary-of-most}
                """.formatted(name, inPlace, users, duration, killAt);
    }

    record Drill(RunOutcome outcome, String console) {
        LoadResult result() {
            return outcome.load();
        }

        RunSummary summary() {
            return outcome.summary();
        }

        /** Each member's output, the probe's damage lines among it. */
        Path nodeLogs() {
            return outcome.directory().resolve("nodes");
        }
    }

    static Drill play(Path dir, String yaml) throws Exception {
        Path file = Files.writeString(dir.resolve("drill.yaml"), yaml);
        ScenarioSpec spec = ScenarioLoader.load(file);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        ScenarioRunner runner = new ScenarioRunner(dir.resolve("runs"), NodeLauncher.currentJvm(),
                new PrintStream(console, true, StandardCharsets.UTF_8), Duration.ofSeconds(5), InvalidRuns.ACCEPTED);
        RunOutcome played = runner.run(spec, file);
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
                .as("Tomcat processes left running").isEmpty();
        return new Drill(played, console.toString(StandardCharsets.UTF_8));
    }

    /** The sessions the driver judged one of {@code verdicts} at least once. */
    static Set<String> judged(LoadResult result, Verdict... verdicts) {
        Set<Verdict> wanted = Set.of(verdicts);
        return result.timelines().stream().flatMap(timeline -> timeline.marks().stream())
                .filter(mark -> wanted.contains(mark.verdict()))
                .map(VerdictMark::session).collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * The driver and the probe name the same damaged sessions: each the driver judged CORRUPT or FAILED (a current
     * serial with other content, or unreadable) the probe logged, and each the probe logged the driver judged not
     * OK (CORRUPT or FAILED, or STALE when its serial went back too: the driver judges the serial first).
     */
    static void assertTheyAgree(LoadResult result, Set<String> probe, String printed) {
        assertThat(probe).as("sessions the probe logged damaged, against the driver's verdicts; " + printed)
                .isSubsetOf(judged(result, Verdict.CORRUPT, Verdict.FAILED, Verdict.STALE));
        assertThat(judged(result, Verdict.CORRUPT, Verdict.FAILED))
                .as("sessions the driver judged CORRUPT or FAILED, against the probe's log; " + printed)
                .isSubsetOf(probe);
    }

    /** The sessions the probe answered damaged (or could not read) on any member, from the members' logs. */
    static Set<String> damagedByTheProbe(Path nodeLogs) throws IOException {
        Set<String> damaged = new TreeSet<>();
        try (Stream<Path> logs = Files.list(nodeLogs)) {
            for (Path log : logs.filter(path -> path.toString().endsWith(".log")).toList()) {
                for (String line : Files.readAllLines(log)) {
                    Matcher matcher = DAMAGE.matcher(line);
                    if (matcher.find() && !"ok".equals(matcher.group(2))) {
                        damaged.add(matcher.group(1));
                    }
                }
            }
        }
        return damaged;
    }

    /** Users whose requests the killed member served and, after the kill, another member answered OK. */
    static long failedOverAndServed(LoadResult result, String killed) {
        return result.timelines().stream().filter(timeline -> servedThenMoved(timeline, killed)).count();
    }

    private static boolean servedThenMoved(UserTimeline timeline, String killed) {
        List<Stint> stints = timeline.stints();
        for (int i = 0; i + 1 < stints.size(); i++) {
            if (stints.get(i).node().equals(killed) && !stints.get(i + 1).node().equals(killed)
                    && stints.get(i + 1).firstOkAtMs() > 0) {
                return true;
            }
        }
        return false;
    }
}
