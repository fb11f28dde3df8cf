package io.replsim.scenario.report;

import io.replsim.loadgen.LoadResult;
import io.replsim.scenario.fault.FaultEvent;
import io.replsim.scenario.fault.FaultEvidence;
import io.replsim.scenario.provenance.CpuProbe;
import io.replsim.scenario.provenance.Jdk;
import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.provenance.ReplsimBuild;
import io.replsim.scenario.provenance.ScenarioHash;
import io.replsim.scenario.runtime.CpuBudgetEnforcement;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.spec.SpecException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Four runs' records from fixed readings (a drill on replsim's own engine, the same on infinispan, a drill against
 * a cluster replsim does not run, an open-model run), each in a run directory of its own under {@code root}.
 */
final class GoldenRuns {
    private static final String CLUSTER = """
            cluster: {nodes: 3, workers: 16, cpuBudget: 0.66, heap: 256m}
            """;
    private static final String KILL = """
            faults:
              - {type: kill, at: 20s, target: primary-of-most}
            checks:
              maxSessionsLost: 0
              maxSessionsStale: 0
              p90Below: 800ms
              maxViewChange: 2s
              maxFailover: 5s
            """;
    private static final String CLOSED_LOAD = """
            load:
              users: 60
              thinkTime: 500ms
              rampUp: 5s
              duration: 45s
              requestTimeout: 5s
            """;

    static final String DRILL = "name: golden-drill\n" + CLUSTER + """
            replication: {placement: all, granularity: session, delivery: sync, syncTimeout: 2s}
            workload: {app: counter, payload: 4KB}
            """ + CLOSED_LOAD + """
              history: true
              script:
                - {request: counter, weight: 2}
                - {request: cart, weight: 1}
            """ + KILL;
    static final String INFINISPAN = "name: golden-infinispan\n" + CLUSTER + """
            replication: {engine: infinispan, placement: buddies, buddies: 1, granularity: session, delivery: sync}
            workload: {app: counter, payload: 4KB, serviceTime: {cpu: 2ms, wait: 10ms}}
            """ + CLOSED_LOAD + KILL;
    static final String EXTERNAL = """
            name: golden-external
            cluster: {nodes: 3}
            """ + CLOSED_LOAD + """
            faults:
              - type: kill
                at: 20s
                target: primary-of-most
                expect: {maxLost: 0, maxStale: 0, maxFailover: 5s}
            checks:
              maxSessionsLost: 0
              p90Below: 800ms
            """;
    static final String TABS = "name: golden-tabs\n" + CLUSTER + """
            replication: {placement: all, granularity: session, delivery: sync}
            workload: {app: counter, payload: 4KB}
            """ + CLOSED_LOAD + """
              history: true
              tabs: 2
            faults:
              - {type: kill, at: 20s, target: primary-of-most}
            checks:
              maxAnomalies: {lostUpdate: 0}
            """;
    static final String OPEN = "name: golden-open\n" + CLUSTER + """
            replication: {placement: buddies, buddies: 2, granularity: attribute, delivery: async}
            load:
              model: open
              rate: 200
              arrivals: poisson
              sessions: 100
              warmUp: 5s
              duration: 30s
              requestTimeout: 5s
            checks:
              maxSessionsLost: 0
              p90Below: 800ms
            """;

    private static final Jdk JDK = new Jdk("25.0.3+9-LTS", "Eclipse Adoptium");
    private static final ReplsimBuild BUILD = new ReplsimBuild("c1ad2415e0b4f7a0d86f3c2b9e1a4d5c6b7a8f90", true,
            "git in /work/replsim when the jar was built");

    private GoldenRuns() {
    }

    private static final CpuProbe PROBE_BEFORE = new CpuProbe(3.41, 3.38);
    private static final CpuProbe PROBE_AFTER = new CpuProbe(3.52, 3.47);

    /**
     * What made a run on replsim's own node processes, fixed: a dirty build, load 1.25 before and 3.50 after, the
     * probe 3.41 ms before and 3.52 after, 0.4% stolen.
     */
    static Provenance provenance(String yaml) {
        return new Provenance(BUILD, JDK, "process", JDK, 2, 8L << 30, 1.25, 3.5, PROBE_BEFORE, PROBE_AFTER, 0.004,
                List.of(new ScenarioHash("golden.yaml", sha256(yaml))));
    }

    /** The same against a cluster replsim does not run: its nodes' JDK not measured. */
    static Provenance externalProvenance() {
        return new Provenance(BUILD, JDK, "--target", Jdk.notMeasured("a cluster replsim does not run"), 2, 8L << 30,
                1.25, 3.5, PROBE_BEFORE, PROBE_AFTER, 0.004, List.of(new ScenarioHash("golden.yaml", sha256(EXTERNAL))));
    }

    private static String sha256(String yaml) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(yaml.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static ScenarioSpec spec(String yaml) {
        try {
            return ScenarioLoader.parse(yaml, "golden.yaml");
        } catch (SpecException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    static RunRecord drill(Path root) throws IOException {
        return killWithHistory(spec(DRILL), root,
                GoldenLoads.closed("node1", "node2", "node3", false, GoldenLoads.counterAndCart()), List.of(
                history(1, "", "append\",\"element\":1", 10, "ok\",\"node\":\"node1\",\"session\":\"s\",\"read\":[1]"),
                history(2, "\"sentSession\":\"s\",", "append\",\"element\":2", 20, "timeout\""),
                history(3, "\"sentSession\":\"s\",", "read\"", 30,
                        "ok\",\"node\":\"node2\",\"session\":\"s\",\"read\":[1,2]")));
    }

    /** The drill's load with 2 tabs a user on one session, its history recorded: the serial oracle judges nothing. */
    static RunRecord tabs(Path root) throws IOException {
        return killWithHistory(spec(TABS), root, GoldenLoads.closed("node1", "node2", "node3", true, List.of()),
                List.of(history(1, "", "append\",\"element\":1", 10,
                                "ok\",\"node\":\"node1\",\"session\":\"s\",\"read\":[1]"),
                        history(2, "\"sentSession\":\"s\",", "read\"", 30,
                                "ok\",\"node\":\"node2\",\"session\":\"s\",\"read\":[]")));
    }

    /** A run of the drill's nodes with node1 killed, its history.jsonl of {@code history}. */
    private static RunRecord killWithHistory(ScenarioSpec spec, Path root, LoadResult load, List<String> history)
            throws IOException {
        Path dir = directory(root, spec);
        Files.write(dir.resolve("history.jsonl"), history);
        List<GoldenNodes.Node> nodes = GoldenNodes.drill(GoldenLoads.LOAD_START);
        return record(spec, dir, load, List.of(kill("node1", "pid 31412 exited with 137 (SIGKILL)")),
                readings(nodes, 45, GoldenLoads.KILL_AT_MS, CpuBudgetEnforcement.enforced("cgroup v2 cpu.max")));
    }

    static RunRecord infinispan(Path root) throws IOException {
        ScenarioSpec spec = spec(INFINISPAN);
        List<GoldenNodes.Node> nodes = GoldenNodes.infinispan(GoldenLoads.LOAD_START);
        return record(spec, directory(root, spec), GoldenLoads.closed("node1", "node2", "node3", true, List.of()),
                List.of(kill("node1", "pid 31500 exited with 137 (SIGKILL)")),
                readings(nodes, 45, GoldenLoads.KILL_AT_MS,
                        CpuBudgetEnforcement.notEnforced("not root: no cgroup of its own for a node")));
    }

    static RunRecord external(Path root) throws IOException {
        ScenarioSpec spec = spec(EXTERNAL);
        return record(spec, directory(root, spec), GoldenLoads.closed("node1", "node2", "node3", false, List.of()),
                List.of(kill("node1", "http://127.0.0.1:18081 stopped answering 310 ms after the command")),
                ClusterReadings.NOT_MEASURED);
    }

    /** What the runner adds of the external run's cluster. */
    static RunSummary.External externalCluster() {
        return new RunSummary.External(List.of("node1=http://127.0.0.1:18081", "node2=http://127.0.0.1:18082",
                "node3=http://127.0.0.1:18083"), "/counter", "JSESSIONID", "json", "kill -9 {pid:node}", null,
                List.of("cluster (its settings are yours)", "survivor CPU"), "not verified: serial only");
    }

    static RunRecord open(Path root) throws IOException {
        ScenarioSpec spec = spec(OPEN);
        List<GoldenNodes.Node> nodes = GoldenNodes.open(GoldenLoads.LOAD_START);
        return record(spec, directory(root, spec), GoldenLoads.open(), List.of(),
                readings(nodes, 30, -1, CpuBudgetEnforcement.enforced("cgroup v2 cpu.max")));
    }

    private static Path directory(Path root, ScenarioSpec spec) throws IOException {
        return Files.createDirectories(root.resolve("runs").resolve("20261129-040000-" + spec.name()));
    }

    private static RunRecord record(ScenarioSpec spec, Path dir, LoadResult load, List<FaultEvent> events,
                                    ClusterReadings cluster) throws IOException {
        if (load.open().isEmpty()) {
            GoldenLoads.latencyLog(dir.resolve("latency.hlog"), 45, 20);
        }
        return new RunRecord(spec, dir, dir.resolve("latency.hlog"), GoldenLoads.STARTED, System.nanoTime(), load,
                events, cluster, Optional.of(List.of()), Optional.of(List.of()));
    }

    private static FaultEvent kill(String node, String seen) {
        long epoch = GoldenLoads.LOAD_START + GoldenLoads.KILL_AT_MS;
        return new FaultEvent(FaultEvent.Phase.START, "kill", node, List.of(node), "primary-of-most", "",
                GoldenLoads.KILL_AT_MS, epoch, 0, epoch, FaultEvidence.confirmed(seen));
    }

    private static String history(long id, String sent, String op, long ms, String outcome) {
        return "{\"id\":" + id + ",\"user\":1,\"tab\":0," + sent + "\"op\":\"" + op + ",\"invokeMicros\":" + ms * 1000
                + ",\"completeMicros\":" + (ms + 1) * 1000 + ",\"outcome\":\"" + outcome + "}";
    }

    private static ClusterReadings readings(List<GoldenNodes.Node> nodes, int seconds, long killedAtMs,
                                            CpuBudgetEnforcement budget) {
        return new ClusterReadings(2_000, budget, nodes.stream()
                .map(node -> new NodeReading(node.name(), node.alive(), node.stats())).toList(),
                GoldenNodes.views(GoldenLoads.LOAD_START, killedAtMs),
                GoldenNodes.cpu(nodes, GoldenLoads.LOAD_START, seconds, killedAtMs < 0 ? Long.MAX_VALUE : killedAtMs),
                GoldenNodes.counters(nodes, GoldenLoads.LOAD_START, Math.max(killedAtMs, 0)));
    }
}
