package io.replsim.cli;

import io.replsim.scenario.sizing.CapacityPoint;
import io.replsim.scenario.sizing.MeasuredCapacity;
import io.replsim.scenario.sizing.MeasuredSessionSize;
import io.replsim.scenario.sizing.MemoryPerNode;
import io.replsim.scenario.sizing.NodesNeeded;
import io.replsim.scenario.sizing.SizingReport;
import io.replsim.scenario.sizing.UslFit;
import io.replsim.scenario.sizing.WorkerThreads;
import io.replsim.settings.DataSize;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "size", description = {
        "Size a cluster from measured capacities: fit the Universal Scalability Law to capacities at several",
        "cluster sizes (capacity run directories and/or nodes:users points), then answer the nodes needed for a",
        "target number of users with one node's loss absorbed, session memory per node and worker threads per",
        "node by Little's law. Prints the fit's error and every assumption."})
final class SizeCommand implements Callable<Integer> {

    @Option(names = "--from", paramLabel = "RUN_DIR", description = "a replsim capacity run directory (repeatable)")
    List<Path> runs = new ArrayList<>();

    @Option(names = "--point", paramLabel = "NODES:USERS", description = "a measured capacity, e.g. 3:450 (repeatable)")
    List<String> points = new ArrayList<>();

    @Option(names = "--target-users", required = true, description = "the users the cluster must sustain")
    double targetUsers;

    @Option(names = "--session-size", description = "bytes one session holds (default: 4KB, or what --sessions-from measured)")
    String sessionSize;

    @Option(names = "--sessions-from", paramLabel = "RUN_DIR", description = "a replsim run directory whose nodes"
            + " measured the bytes their sessions held: the session size is their bytes per session copy")
    Path sessionsFrom;

    @Option(names = "--copies", description = "copies of each session, primary included (default: every node, as placement all)")
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
            long sessionBytes = sessionBytes(assumptions);
            Duration think = FlagRange.duration("--think-time", thinkTime, Duration.ZERO, true, Duration.ofHours(1),
                    "a duration from 0s to 1h, such as 1s");
            Duration response = FlagRange.duration("--response-time", responseTime, Duration.ZERO, false,
                    Duration.ofMinutes(10), "a duration above 0s and at most 10m, such as 100ms");
            UslFit fit = UslFit.of(measured);
            NodesNeeded nodes = NodesNeeded.of(fit.model(), targetUsers, maxNodes);
            int clusterNodes = nodes.nodes().orElse(maxNodes);
            int sessionCopies = copies == null ? clusterNodes : Math.min(copies, clusterNodes);
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
        }
    }

    private static CapacityPoint point(String text) {
        try {
            return CapacityPoint.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--point: " + e.getMessage());
        }
    }

    /** Measured by a run when one is named, else given (or the default), and said which in the assumptions. */
    private long sessionBytes(List<String> assumptions) throws IOException {
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
