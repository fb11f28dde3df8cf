package io.replsim.cli;

import io.replsim.scenario.capacity.CapacityCriteria;
import io.replsim.scenario.capacity.CapacityRunner;
import io.replsim.scenario.capacity.CapacitySummary;
import io.replsim.scenario.capacity.LatencyStatistic;
import io.replsim.scenario.capacity.SearchPlan;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.scenario.capacity.ExternalTarget;
import io.replsim.scenario.spec.CapacitySettings;
import io.replsim.scenario.spec.DurationText;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.loadgen.NodeEndpoint;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "capacity", description = {
        "Find the most users the scenario's cluster sustains: the latency statistic at most the limit, every node at",
        "most the CPU limit of its budget, errors at most the error limit, the run valid. Steps users up, bisects,",
        "then confirms by a repeat. Each step is the scenario's load (think time, ramp-up, warm-up, steady window)",
        "with the step's users; its faults and checks are not used. Exit 0 when a load was sustained, 1 when none."})
final class CapacityCommand implements Callable<Integer> {

    @Mixin
    ScenarioFile scenario;

    @Option(names = "--statistic", description = "mean, p90, p95 or p99 (default: capacity.statistic, else p90)")
    String statistic;

    @Option(names = "--latency-limit", description = "the statistic's limit (default: capacity.latencyLimit, else 800ms)")
    String latencyLimit;

    @Option(names = "--cpu-limit", description = "each node's CPU over its budget, at most (default: capacity.cpuLimit, else 0.6)")
    Double cpuLimit;

    @Option(names = "--error-limit", description = "failed attempts over requests, at most (default: capacity.errorLimit, else 0.001)")
    Double errorLimit;

    @Option(names = "--start-users", description = "the first step's users (default: capacity.startUsers, else load.users)")
    Integer startUsers;

    @Option(names = "--max-users", description = "the most users a step may have (default: capacity.maxUsers, else 20000)")
    Integer maxUsers;

    @Option(names = "--max-steps", description = "the most steps in one search (default: capacity.maxSteps, else 20)")
    Integer maxSteps;

    @Option(names = "--one-node-down", description = "then stop one node and search again on the survivors (N−1)")
    boolean oneNodeDown;

    @Option(names = "--target", paramLabel = "[NAME=]URL", description = {
            "search an already running cluster instead of starting the scenario's (repeatable, one per node); it must",
            "answer like the counter app of docs/interfaces.md §2, or say how with --cookie-name and --serial",
            "(its CPU is not read: the CPU limit is not applied)"})
    List<String> targets = new ArrayList<>();

    @Option(names = "--path", defaultValue = "/counter", description = "with --target: the app's path and query"
            + " (default: ${DEFAULT-VALUE})")
    String path;

    @Option(names = "--cookie-name", defaultValue = "JSESSIONID", description = "with --target: the session cookie,"
            + " its value <id>.<route> as mod_jk's jvmRoute (default: ${DEFAULT-VALUE})")
    String cookieName;

    @Option(names = "--serial", defaultValue = "json", description = {"with --target: where an answer shows the"
            + " session's request count: json (the replsim apps' JSON),", "json:/pointer, header:Name or"
            + " regex:pattern-with-(group) (default: ${DEFAULT-VALUE})"})
    String serial;

    @Option(names = "--kill-command", paramLabel = "COMMAND", description = {"with --target and --one-node-down: a"
            + " shell command that kills a node;", "{node} and {url} are replaced (also $REPLSIM_NODE, $REPLSIM_URL)"})
    String killCommand;


    /** {@code node1=http://10.0.0.5:8080} or just the URL, then named target1, target2, ... */
    static NodeEndpoint endpoint(String text, int position) {
        int equals = text.indexOf('=');
        String name = equals < 0 ? "target" + position : text.substring(0, equals).trim();
        URI uri = URI.create(text.substring(equals + 1).trim());
        if (name.isEmpty() || !"http".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("got \"" + text + "\", expected [name=]http://host:port");
        }
        return new NodeEndpoint(name, uri);
    }

    @Override
    public Integer call() {
        Optional<ScenarioSpec> loaded = scenario.load();
        if (loaded.isEmpty()) {
            return ReplsimCommand.BAD_INPUT;
        }
        ScenarioSpec spec = loaded.get();
        if (spec.load().isOpen()) {
            System.err.println("replsim capacity: " + scenario.path + ": load.model is open, but the search counts"
                    + " users sustained, which needs the closed model; remove load.model (and rate, arrivals,"
                    + " sessions) and give load.users and load.thinkTime");
            return ReplsimCommand.BAD_INPUT;
        }
        CapacityCriteria criteria;
        SearchPlan plan;
        try {
            // a flag given on the command line wins over the scenario's capacity section
            CapacitySettings file = spec.capacity();
            Duration limit = latencyLimit == null ? file.latencyLimit() : DurationText.parse(latencyLimit)
                    .orElseThrow(() -> new IllegalArgumentException(
                            "--latency-limit: got \"" + latencyLimit + "\", expected " + DurationText.EXAMPLES));
            criteria = new CapacityCriteria(statistic == null ? file.statistic() : LatencyStatistic.parse(statistic),
                    limit, Optional.ofNullable(cpuLimit).orElse(file.cpuLimit()),
                    Optional.ofNullable(errorLimit).orElse(file.errorLimit()));
            int start = Optional.ofNullable(startUsers).or(file::startUsers).orElse(spec.load().users());
            plan = new SearchPlan(start, SearchPlan.DEFAULT_GROWTH, SearchPlan.DEFAULT_RESOLUTION,
                    Optional.ofNullable(maxSteps).orElse(file.maxSteps()),
                    Optional.ofNullable(maxUsers).orElse(file.maxUsers()));
        } catch (IllegalArgumentException e) {
            System.err.println("replsim capacity: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        List<NodeEndpoint> external = new ArrayList<>();
        try {
            for (int i = 0; i < targets.size(); i++) {
                external.add(endpoint(targets.get(i), i + 1));
            }
        } catch (IllegalArgumentException e) {
            System.err.println("replsim capacity: --target: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        ExternalTarget externalTarget = null;
        if (!external.isEmpty()) {
            try {
                if (oneNodeDown && external.size() > 1 && killCommand == null) {
                    throw new IllegalArgumentException("--one-node-down with --target needs --kill-command: how to"
                            + " kill a node of that cluster, e.g. --kill-command 'ssh {node} systemctl kill tomcat'");
                }
                externalTarget = new ExternalTarget(external, path, TargetProtocol.of(cookieName, serial),
                        Optional.ofNullable(killCommand));
            } catch (IllegalArgumentException e) {
                System.err.println("replsim capacity: " + e.getMessage());
                return ReplsimCommand.BAD_INPUT;
            }
        } else if (killCommand != null) {
            System.err.println("replsim capacity: --kill-command is for --target clusters; the scenario's own nodes"
                    + " are killed by replsim");
            return ReplsimCommand.BAD_INPUT;
        }
        ExternalTarget target = externalTarget;
        SearchPlan searchPlan = plan;
        CapacityCriteria limits = criteria;
        return ClusterWork.exitCode("capacity run", () -> {
            CapacityRunner runner = new CapacityRunner(scenario.runsDir, NodeLauncher.currentJvm(), System.out);
            CapacitySummary summary = target == null
                    ? runner.run(spec, scenario.path, limits, searchPlan, oneNodeDown)
                    : runner.runAgainst(target, spec, scenario.path, limits, searchPlan, oneNodeDown);
            return summary.search().usersSustained() > 0 ? 0 : ReplsimCommand.CHECKS_FAILED;
        });
    }
}
