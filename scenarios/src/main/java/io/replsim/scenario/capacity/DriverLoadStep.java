package io.replsim.scenario.capacity;

import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.scenario.spec.LoadSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.IntFunction;

/**
 * One capacity step with the load driver: the scenario's load with the step's users against the given nodes, the
 * nodes' CPU read at the steady window's start and at its end, every figure taken from the steady window; after it
 * the users log out.
 */
public final class DriverLoadStep implements LoadStep {

    private final LoadSpec load;
    private final String path;
    private final TargetProtocol protocol;
    private final List<NodeEndpoint> nodes;
    private final NodeCpuProbe cpu;
    private final IntFunction<Path> intervalLogOf;

    /** @param intervalLogOf where step {@code users}' HdrHistogram interval log goes; may return null for none */
    public DriverLoadStep(LoadSpec load, String path, TargetProtocol protocol, List<NodeEndpoint> nodes,
                          NodeCpuProbe cpu, IntFunction<Path> intervalLogOf) {
        this.load = load;
        this.path = path;
        this.protocol = protocol;
        this.nodes = List.copyOf(nodes);
        this.cpu = cpu;
        this.intervalLogOf = intervalLogOf;
    }

    @Override
    public StepMeasurement run(int users) throws IOException, InterruptedException {
        long wallStart = System.nanoTime();
        // Each step's users log out when it ends, so every step starts on a cluster holding none of the earlier
        // steps' sessions: otherwise the later steps of a search run with several times their own users' sessions
        // resident, and the answer depends on the path the search took.
        LoadProfile profile = load.withUsers(users).toProfile(path).withProtocol(protocol).withSessionsEndedAtEnd();
        try (LoadDriver driver = new LoadDriver(profile, nodes, intervalLogOf.apply(users))) {
            long started = System.nanoTime();
            driver.start();
            // The readings bracket the steady window itself: the one after it is taken at its end, before the users'
            // logouts, whose requests (and a driver that outstays its deadline) belong to no step's figures.
            sleepUntil(started + load.steadyStart().toNanos());
            List<NodeCpuProbe.Reading> before = cpu.read();
            sleepUntil(started + load.duration().toNanos());
            List<NodeCpuProbe.Reading> after = cpu.read();
            LoadResult result = driver.awaitResult();
            return StepMeasurement.of(result, NodeCpuProbe.between(before, after),
                    Duration.ofNanos(System.nanoTime() - wallStart));
        }
    }

    private static void sleepUntil(long nanos) throws InterruptedException {
        long wait = nanos - System.nanoTime();
        if (wait > 0) {
            Thread.sleep(Duration.ofNanos(wait));
        }
    }
}
