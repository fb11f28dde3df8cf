package io.replsim.cli;

import io.replsim.scenario.sizing.CapacityPoint;
import io.replsim.scenario.sizing.MeasuredCapacity;
import io.replsim.scenario.sizing.MeasuredSessionSize;
import io.replsim.scenario.sizing.MemoryPerNode;
import io.replsim.scenario.sizing.NodesNeeded;
import io.replsim.scenario.sizing.ScenarioSessions;
import io.replsim.scenario.sizing.SizingReport;
import io.replsim.scenario.sizing.UslFit;
import io.replsim.scenario.sizing.WorkerThreads;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.SpecException;
import io.replsim.settings.DataSize;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "size", description = {
        "Size a cluster from measured capacities: fit the Universal Scalability Law to capacities at several",
        "cluster sizes (capacity run directories and/or nodes:users points), then answer the nodes needed for a",
        "target number of users with one node's loss absorbed, session memory per node and worker threads per",
        "node by Little's law. The copies of each session (replication.placement) and a session's size come from",
        "the scenario: the one given, else the one the --from runs played. Prints the fit's error, the cluster",
        "sizes it was fitted on, and every assumption."})
final class SizeCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO", description = "the scenario the capacities were"
            + " measured with (default: the scenario.yaml of the --from runs)")
    Path scenario;

    @Option(names = "--from", paramLabel = "RUN_DIR", description = "a replsim capacity run directory (repeatable)")
    List<Path> runs = new ArrayList<>();

    @Option(names = "--point", paramLabel = "NODES:USERS", description = "a measured capacity, e.g. 3:450 (repeatable)")
    List<String> points = new ArrayList<>();

    @Option(names = "--target-users", required = true, description = "the users the cluster must sustain")
    double targetUsers;

    @Option(names = "--session-size", description = "bytes one session holds (default: the scenario's, what"
            + " --sessions-from measured, or 4KB without a scenario); with a scenario that declares another size,"
            + " refused")
    String sessionSize;

    @Option(names = "--sessions-from", paramLabel = "RUN_DIR", description = "a replsim run directory whose nodes"
            + " measured the bytes their sessions held: the session size is their bytes per session copy")
    Path sessionsFrom;

    @Option(names = "--copies", description = "copies of each session, primary included (default: the scenario's"
            + " placement, or every node without a scenario); with a scenario whose placement keeps another number,"
            + " refused")
    Integer copies;

    @Option(names = "--think-time", defaultValue = "1s", description = "used when no run directory gives the request rate per user (default: ${DEFAULT-VALUE})")
    String thinkTime;

    @Option(names = "--response-time", defaultValue = "100ms", description = "used when no run directory gives it (default: ${DEFAULT-VALUE})")
    String responseTime;

    @Option(names = "--max-nodes", defaultValue = "64", description = "the largest cluster considered (default: ${DEFAULT-VALUE})")
    int maxNodes;

    @Override
    public Integer call() {
        List<CapacityPoint> measured = new ArrayList<>();
        List<MeasuredCapacity> fromRuns = new ArrayList<>();
        List<String> assumptions = new ArrayList<>();
        try {
            for (Path run : runs) {
                fromRuns.addAll(MeasuredCapacity.readRun(run));
            }
            fromRuns.forEach(capacity -> measured.add(capacity.point()));
            for (String text : points) {
                measured.add(point(text));
            }
            new FlagRange("--target-users", "a number of users above 0 and at most 1000000000, such as 5000",
                    users -> users > 0 && users <= 1e9).check(targetUsers);
            FlagRange.wholeNumber("--max-nodes", 2, 1000).check(maxNodes);
            if (copies != null) {
                FlagRange.wholeNumber("--copies", 1, 1000).check(copies);
            }
            Optional<ScenarioSessions> sessions = scenarioSessions();
            long sessionBytes = sessionBytes(sessions, assumptions);
            Duration think = FlagRange.duration("--think-time", thinkTime, Duration.ZERO, true, Duration.ofHours(1),
                    "a duration from 0s to 1h, such as 1s");
            Duration response = FlagRange.duration("--response-time", responseTime, Duration.ZERO, false,
                    Duration.ofMinutes(10), "a duration above 0s and at most 10m, such as 100ms");
            UslFit fit = UslFit.of(measured);
            NodesNeeded nodes = NodesNeeded.of(fit.model(), targetUsers, maxNodes);
            int clusterNodes = nodes.nodes().orElse(maxNodes);
            int sessionCopies = sessionCopies(sessions, clusterNodes, assumptions);
            MemoryPerNode memory = new MemoryPerNode(Math.round(targetUsers), sessionBytes, sessionCopies, clusterNodes);
            double ratePerUser;
            double responseSeconds;
            if (fromRuns.isEmpty()) {
                responseSeconds = response.toNanos() / 1e9;
                ratePerUser = 1 / (think.toNanos() / 1e9 + responseSeconds);
                assumptions.add(String.format(Locale.ROOT, "each user sends one request per think time + response"
                        + " time = %s + %s (given, not measured)", thinkTime, responseTime));
            } else {
                ratePerUser = fromRuns.stream().mapToDouble(MeasuredCapacity::requestsPerUserPerSecond).average()
                        .orElseThrow();
                responseSeconds = fromRuns.stream().mapToDouble(MeasuredCapacity::meanResponseSeconds).max()
                        .orElseThrow();
                assumptions.add(String.format(Locale.ROOT, "request rate per user %.3f/s and response time %.0f ms"
                        + " (the worst mean) as measured at capacity", ratePerUser, responseSeconds * 1000));
            }
            WorkerThreads threads = new WorkerThreads(targetUsers * ratePerUser, Math.max(1, clusterNodes - 1),
                    responseSeconds);
            assumptions.add("capacity follows the USL fitted to the measured points; beyond the largest cluster"
                    + " measured it is an extrapolation, as good as the fit's error and no better");
            assumptions.add("one node's loss absorbed means the cluster minus one node still sustains the target,"
                    + " under the same criteria as the measurements (p90 ≤ 0.8 s, nodes ≤ 60% CPU by default)");
            assumptions.add("memory counts session payloads only: add the JVM's own use, per-session overhead"
                    + " and the copies in flight during a state transfer");
            assumptions.add("threads by Little's law for the survivors of a loss; sync replication delivers FIFO"
                    + " per sender (JGroups), so threads blocked on replication wait in the sender's order and more"
                    + " threads do not shorten that queue: grow threads only while CPU has headroom");
            new SizingReport(System.out).print(fit, nodes, memory, threads, assumptions);
            return nodes.nodes().isPresent() ? 0 : ReplsimCommand.CHECKS_FAILED;
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("replsim size: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        } catch (SpecException e) {
            System.err.println(e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
    }

    /**
     * The sessions of the scenario given, else of the scenario the --from runs played (which must agree with each
     * other, and with the one given); empty when there is neither.
     */
    private Optional<ScenarioSessions> scenarioSessions() throws SpecException {
        Optional<ScenarioSessions> given = scenario == null ? Optional.empty()
                : Optional.of(ScenarioSessions.of(ScenarioLoader.load(scenario), scenario.toString()));
        Optional<ScenarioSessions> first = given;
        for (Path run : runs) {
            Optional<ScenarioSessions> played = ScenarioSessions.ofRun(run);
            if (played.isEmpty()) {
                continue;
            }
            if (first.isEmpty()) {
                first = played;
                continue;
            }
            Optional<String> difference = first.get().differenceFrom(played.get());
            if (difference.isPresent()) {
                throw new IllegalArgumentException("the capacities and the sessions sized must come from one"
                        + " placement and one session size, got " + difference.get() + "; size one scenario at a"
                        + " time (give the --from runs of one scenario, and that scenario)");
            }
        }
        return first;
    }

    /** The scenario's placement, or --copies without one; --copies that disagrees with the scenario is refused. */
    private int sessionCopies(Optional<ScenarioSessions> sessions, int clusterNodes, List<String> assumptions) {
        if (sessions.isEmpty()) {
            assumptions.add(copies == null ? "each session has a copy on every node (placement all: no scenario"
                    + " given, whose replication.placement would say)" : "each session has " + copies
                    + " copies (given, no scenario)");
            return copies == null ? clusterNodes : Math.min(copies, clusterNodes);
        }
        ScenarioSessions scenarioSessions = sessions.get();
        if (copies != null && !scenarioSessions.keeps(copies)) {
            throw new IllegalArgumentException("--copies: got " + copies + ", but " + scenarioSessions.source()
                    + " has replication.placement " + scenarioSessions.describeCopies() + "; leave --copies out, or"
                    + " size the placement you mean from a scenario that has it");
        }
        assumptions.add("placement " + scenarioSessions.describeCopies() + ", from " + scenarioSessions.source());
        return scenarioSessions.copies(clusterNodes);
    }

    private static CapacityPoint point(String text) {
        try {
            return CapacityPoint.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--point: " + e.getMessage());
        }
    }

    /**
     * Measured by a run when one is named, else the scenario's, else given (or the default), and said which in the
     * assumptions; a size given that disagrees with the scenario's is refused.
     */
    private long sessionBytes(Optional<ScenarioSessions> sessions, List<String> assumptions) throws IOException {
        if (sessionsFrom == null && sessions.isPresent()) {
            return declaredBytes(sessions.get(), assumptions);
        }
        if (sessionsFrom == null) {
            String given = sessionSize == null ? "4KB" : sessionSize;
            assumptions.add("each session copy holds " + given + (sessionSize == null ? " (the default, not measured:"
                    + " --sessions-from a run directory measures it)" : " (given, not measured)"));
            return sessionBytes(given);
        }
        if (sessionSize != null) {
            throw new IllegalArgumentException("--session-size: got \"" + sessionSize + "\" with --sessions-from,"
                    + " which measures it; give one of them");
        }
        MeasuredSessionSize measured = MeasuredSessionSize.readRun(sessionsFrom);
        assumptions.add(String.format(Locale.ROOT, "each session copy holds %,d bytes, as measured in %s (%,d bytes in"
                        + " %,d copies on its live nodes: payload plus a fixed cost per object under jgroups, the"
                        + " marshalled entries under infinispan)", measured.bytesPerCopy(), sessionsFrom,
                measured.heldBytes(), measured.copies()));
        return measured.bytesPerCopy();
    }

    /** The scenario's session size; --session-size only where the scenario declares none, or the same. */
    private long declaredBytes(ScenarioSessions sessions, List<String> assumptions) {
        OptionalLong declared = sessions.bytes();
        if (sessionSize == null) {
            if (declared.isEmpty()) {
                throw new IllegalArgumentException(sessions.source() + ": " + sessions.bytesDeclare() + "; give"
                        + " --session-size, or --sessions-from a run directory whose nodes measured it");
            }
            assumptions.add(String.format(Locale.ROOT, "each session copy holds %,d bytes, the %s of %s (declared,"
                    + " not measured: --sessions-from a run directory measures it)", declared.getAsLong(),
                    sessions.bytesDeclare(), sessions.source()));
            return declared.getAsLong();
        }
        long given = sessionBytes(sessionSize);
        if (declared.isPresent() && declared.getAsLong() != given) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "--session-size: got \"%s\" (%,d bytes),"
                    + " but %s has %s (%,d bytes); leave --session-size out, or size the sessions you mean from a"
                    + " scenario that has them", sessionSize, given, sessions.source(), sessions.bytesDeclare(),
                    declared.getAsLong()));
        }
        assumptions.add("each session copy holds " + sessionSize + " (given, not measured; " + sessions.source()
                + ": " + sessions.bytesDeclare() + ")");
        return given;
    }

    private static long sessionBytes(String text) {
        String expected = "a size from 1 byte to 1g, such as 4KB";
        try {
            long bytes = DataSize.parse(text).bytes();
            if (bytes >= 1 && bytes <= 1L << 30) {
                return bytes;
            }
        } catch (IllegalArgumentException notASize) {
            // reported below
        }
        throw new IllegalArgumentException("--session-size: got \"" + text + "\", expected " + expected);
    }
}
