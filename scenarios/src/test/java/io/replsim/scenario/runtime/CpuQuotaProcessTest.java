package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real node process in its own CPU cgroup: kept busy by users that do not think, it uses no more than its quota,
 * and the kernel says it stopped it for having used it. Its groups go when the runtime closes, also a restarted
 * node's, and groups a crashed run left behind are removed by the next.
 */
class CpuQuotaProcessTest {
    private static final double QUOTA = 0.2;
    private static final String SCENARIO = """
            name: cpu-quota
            cluster: {nodes: 1, workers: 8, cpuBudget: %s, heap: 128m}
            workload: {app: counter, payload: 32KB}
            load: {users: 8, thinkTime: 1ms, rampUp: 1s, duration: 40s, requestTimeout: 10s}
            """.formatted(QUOTA);

    private static final Duration WINDOW = Duration.ofSeconds(6);
    /** USER_HZ: what /proc/<pid>/stat counts CPU time in (getconf CLK_TCK; 100 on every Linux this runs on). */
    private static final int TICKS_PER_SECOND = 100;

    /**
     * The tolerance: CFS lets the group run {@code QUOTA} × 100 ms in each 100 ms period and no more (no burst is
     * configured), so a 6 s window can hold at most one period's quota more than 6 s of it (+1.7%); /proc counts CPU
     * in 10 ms ticks, so each of the two readings is up to 10 ms short (±1.7% of 1.2 s). 5% covers both, not a quota
     * that does not hold: a node without one uses up to the machine's 2 cores here.
     */
    private static final double TOLERANCE = 1.05;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aBusyNodeUsesNoMoreThanItsQuotaAndItsGroupsGoWithTheRun(@TempDir Path dir) throws Exception {
        assumeThisHostOffersCpuQuotas();
        ScenarioSpec spec = ScenarioLoader.parse(SCENARIO, "cpu-quota.yaml");
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        Path group;
        Path runGroup;
        try (ProcessRuntime runtime = new ProcessRuntime(spec.cluster(), spec.replication(), spec.workload(),
                dir.resolve("nodes"), NodeLauncher.currentJvm(), new PrintStream(console, true, StandardCharsets.UTF_8))) {
            runtime.start(Duration.ofSeconds(60));
            String printed = console.toString(StandardCharsets.UTF_8);
            assertThat(runtime.cpuBudget().enforced()).as(runtime.cpuBudget().detail() + "\n" + printed).isTrue();
            CpuQuotaGroups quotas = runtime.cpuQuotas().orElseThrow();
            group = quotas.groupOf("node1").orElseThrow();
            runGroup = group.getParent();
            assertThat(Files.readString(group.resolve("cgroup.procs")).lines())
                    .containsExactly(Long.toString(runtime.pid("node1")));

            List<NodeEndpoint> endpoints = runtime.nodes().stream()
                    .map(node -> new NodeEndpoint(node.name(), node.httpUri())).toList();
            long pid = runtime.pid("node1");
            try (LoadDriver driver = new LoadDriver(spec.load().toProfile("/counter"), endpoints, null)) {
                driver.start();
                // Busy enough that the kernel stops it for its quota: from here on the quota is what limits it.
                await().atMost(Duration.ofSeconds(20)).until(() -> quotas.throttledPeriods("node1") > 0);
                // Its CPU from /proc, not from its admin stats: a node held at its quota answers those late.
                long throttledFirst = quotas.throttledPeriods("node1");
                long firstNanos = System.nanoTime();
                long firstTicks = cpuTicks(pid);
                await().atMost(Duration.ofSeconds(10)).until(() -> System.nanoTime() - firstNanos >= WINDOW.toNanos());
                long lastTicks = cpuTicks(pid);
                long lastNanos = System.nanoTime();
                long throttledLast = quotas.throttledPeriods("node1");

                double cores = (lastTicks - firstTicks) / (double) TICKS_PER_SECOND / ((lastNanos - firstNanos) / 1e9);
                assertThat(throttledLast).as("periods the kernel stopped it in, over the window")
                        .isGreaterThan(throttledFirst);
                assertThat(cores).as("cores used by a busy node under a %s-core quota", QUOTA)
                        .isLessThanOrEqualTo(QUOTA * TOLERANCE);
                System.out.printf("busy node under a %.2f-core quota: %.3f cores over %d ms, throttled in %d of its periods%n",
                        QUOTA, cores, (lastNanos - firstNanos) / 1_000_000, throttledLast - throttledFirst);
            }

            runtime.restart("node1");
            assertThat(Files.readString(group.resolve("cgroup.procs")).lines()).as("the restarted node's group")
                    .containsExactly(Long.toString(runtime.pid("node1")));
        }
        assertThat(group).as("the node's group after close").doesNotExist();
        assertThat(runGroup).as("the run's group after close").doesNotExist();
    }

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void groupsOfARunWhoseJvmIsGoneAreRemovedByTheNext() throws Exception {
        assumeThisHostOffersCpuQuotas();
        CgroupCpuController controller = CgroupCpuController.find(Path.of("/proc/self/mountinfo"));
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path stale = Files.createDirectories(controller.mount().resolve(CpuQuotaGroups.PARENT)
                .resolve("run-" + gone.pid() + "-dead"));
        Files.createDirectory(stale.resolve("node1"));
        ByteArrayOutputStream console = new ByteArrayOutputStream();

        CpuQuotaGroups fresh = CpuQuotaGroups.open(controller, QUOTA,
                new PrintStream(console, true, StandardCharsets.UTF_8));
        try {
            assertThat(stale).as(console.toString(StandardCharsets.UTF_8)).doesNotExist();
            assertThat(console.toString(StandardCharsets.UTF_8)).contains("removed the CPU cgroups of an earlier run");
        } finally {
            assertThat(fresh.remove()).isEmpty();
        }
    }

    /** utime + stime of {@code pid}, in ticks: fields 14 and 15 of /proc/<pid>/stat, counted after the name. */
    private static long cpuTicks(long pid) throws java.io.IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /** Root on a host with a cgroup CPU controller (this machine and CI: cgroup v1); elsewhere see the fallback. */
    private static void assumeThisHostOffersCpuQuotas() {
        try {
            CgroupCpuController controller = CgroupCpuController.find(Path.of("/proc/self/mountinfo"));
            Assumptions.assumeTrue(Files.isWritable(controller.mount()), "cannot write " + controller.mount());
        } catch (CgroupUnavailableException e) {
            Assumptions.abort(e.getMessage());
        }
    }
}
