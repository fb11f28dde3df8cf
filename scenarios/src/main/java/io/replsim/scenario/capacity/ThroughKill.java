package io.replsim.scenario.capacity;

import io.replsim.loadgen.record.Failure;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.loadgen.steady.SteadyWindow;
import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.fault.FaultEvent;
import io.replsim.scenario.report.RunRecord;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.scenario.spec.Check;
import io.replsim.scenario.spec.KillSpec;
import io.replsim.scenario.spec.NodeSelector;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * How a step of {@code replsim capacity --through-kill} plays its kill: the step's load on the whole cluster, a
 * SIGKILL of the node owning the most sessions {@link #KILL_AFTER} into what would have been its steady window, and
 * the steady window moved to start at the kill, as long as the step asked; then the killed node started again and
 * awaited in every member's view, so the next step has the whole cluster.
 *
 * <p>The node owning the most sessions, not the one with the highest CPU: its sessions are the ones the survivors
 * must take over, and with a sticky balancer spreading users round-robin the nodes' CPU differs by less than one
 * reading's scatter, so "highest CPU" would pick between near-equals at random.
 *
 * <p>The killed node is restarted rather than the cluster started afresh for each step: one node JVM against
 * every node's, and two nodes stay as warm as the search left them where a fresh cluster would make every step a
 * cold one. The restarted node starts cold (its JIT too), which the next step's warm-up and the
 * {@link #KILL_AFTER} before its kill partly cover.
 */
final class ThroughKill {

    /** How long the step's load runs on the whole cluster after its warm-up before the kill. */
    static final Duration KILL_AFTER = Duration.ofSeconds(2);
    private static final Duration BACK_WITHIN = Duration.ofSeconds(60);
    private static final Duration POLL = Duration.ofMillis(200);

    private final ClusterRuntime runtime;
    private final Long staleAllowed;
    private final PrintStream out;

    /** {@code scenario}: the scenario as written, whose {@code maxSessionsStale} (if any) judges STALE sessions. */
    ThroughKill(ScenarioSpec scenario, ClusterRuntime runtime, PrintStream out) {
        this.runtime = runtime;
        this.staleAllowed = scenario.checks().stream().filter(Check.MaxSessionsStale.class::isInstance)
                .map(check -> ((Check.MaxSessionsStale) check).max()).min(Long::compare).orElse(null);
        this.out = out;
    }

    /**
     * {@code step} (a step's scenario, with no fault) with its kill: the steady window starts {@link #KILL_AFTER}
     * later, at the kill, and is as long as it was.
     */
    static ScenarioSpec withKill(ScenarioSpec step) {
        Duration killAt = step.load().steadyStart().plus(KILL_AFTER);
        return new ScenarioSpec(step.name(), step.description(), step.cluster(), step.replication(), step.workload(),
                step.load().withLaterSteadyWindow(KILL_AFTER),
                List.of(new KillSpec(killAt, new NodeSelector.PrimaryOfMost())), step.checks(), step.capacity(),
                step.expectations(), step.repeat(), step.tomcat());
    }

    /** What the step's kill did, from its run's record; an IOException when no kill took place. */
    KillWindow windowOf(RunRecord record) throws IOException {
        FaultEvent kill = record.events().stream()
                .filter(event -> event.phase() == FaultEvent.Phase.START && event.type().equals("kill")).findFirst()
                .orElseThrow(() -> new IOException("a step through a kill killed no node ("
                        + record.events().stream().map(event -> event.phase() + " " + event.detail()).toList()
                        + "): its figures would be a whole cluster's"));
        return windowOf(kill.node(), kill.atMs(), record, staleAllowed);
    }

    static KillWindow windowOf(String node, long killAtMs, RunRecord record, Long staleAllowed) {
        SteadyWindow window = record.load().steady();
        var sessions = record.load().sessionVerdicts();
        long from = record.load().startedAt().toEpochMilli() + window.from().toMillis();
        long atKilled = 0;
        long atSurvivors = 0;
        for (UserTimeline user : record.load().timelines()) {
            for (Failure failure : user.failures()) {
                if (failure.lastAtMs() < from) {
                    continue;
                }
                if (node.equals(failure.node())) {
                    atKilled += failure.count();
                } else {
                    atSurvivors += failure.count();
                }
            }
        }
        return new KillWindow(node, killAtMs - window.from().toMillis() + KILL_AFTER.toMillis(),
                sessions.countedAsLost(), sessions.stale(), staleAllowed, atKilled, atSurvivors, window.requests());
    }

    /**
     * Starts the killed {@code node} again and waits until every node's view holds all of them (the restarted node
     * receives the copies it must hold as the others install that view); an IOException when it is not back in time.
     */
    void bringBack(String node) throws IOException, InterruptedException {
        long start = System.nanoTime();
        runtime.restart(node);
        List<String> names = runtime.nodes().stream().map(NodeHandle::name).toList();
        long deadline = start + BACK_WITHIN.toNanos();
        String last = "no answer yet";
        while (System.nanoTime() - deadline < 0) {
            Thread.sleep(POLL.toMillis());
            try {
                int owned = 0;
                boolean whole = true;
                for (String name : names) {
                    NodeStatsReport stats = runtime.admin(name).stats();
                    whole &= stats.view() != null && stats.view().members().containsAll(names);
                    owned += stats.sessions().owned();
                    last = name + "'s view " + (stats.view() == null ? "none" : stats.view().members());
                    if (!whole) {
                        break;
                    }
                }
                if (whole) {
                    out.printf(Locale.ROOT, "             %s restarted and in every view after %.1f s (%d sessions"
                            + " owned in the cluster)%n", node, (System.nanoTime() - start) / 1e9, owned);
                    return;
                }
            } catch (IOException e) {
                last = "a node's admin API not answering (" + e.getMessage() + ")";
            }
        }
        throw new IOException(node + " was not back in every node's view within " + BACK_WITHIN.toSeconds()
                + " s of its restart (" + last + "): the next step would not have the whole cluster");
    }
}
