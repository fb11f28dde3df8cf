package io.replsim.scenario.runtime;

import io.replsim.node.app.LogoutCookie;
import io.replsim.node.options.BadArgumentException;
import io.replsim.node.options.NodeOptions;
import io.replsim.node.options.NodeOptionsParser;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.spec.SpecException;
import io.replsim.scenario.spec.SpecProblem;
import io.replsim.replication.transport.Formation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * A scenario file's node settings reach the node unchanged: what the file says, read by the scenario reader,
 * written onto the node's command line by the runner and read back by the node's own parser, is the same
 * replication spec, payload and attribute size, for durations and sizes of every shape the file accepts.
 */
class NodeArgumentsTest {

    @ParameterizedTest(name = "syncTimeout {0}, bundleTimeout {1}, maxUnreplicatedInterval {2}, payload {3}, "
            + "attributeSize {4}")
    @CsvSource({
            "2s,        5ms,      60s,  4KB,  1KB",
            "1.5s,      0.5ms,    1h,   1000, 100",
            "0.25ms,    0ms,      0s,   0,    1",
            "10m,       1s,       24h,  16MB, 1MB",
            "1.0005s,   0.25s,    1.5m, 1025, 3KB",
            "0.000001s, 999.999ms, 0.5h, 1k,  1023"})
    void everyDurationAndSizeAScenarioAcceptsReachesTheNodeUnchanged(String syncTimeout, String bundleTimeout,
                                                                    String maxUnreplicatedInterval, String payload,
                                                                    String attributeSize) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse("""
                name: crossing
                cluster: {nodes: 2}
                replication:
                  placement: all
                  delivery: async
                  syncTimeout: %s
                  maxUnreplicatedInterval: %s
                  async: {bundleTimeout: %s}
                workload:
                  app: profile
                  payload: %s
                  profile: {attributeSize: %s}
                load: {users: 1, thinkTime: 1s, duration: 10s}
                """.formatted(syncTimeout, maxUnreplicatedInterval, bundleTimeout, payload, attributeSize),
                "test.yaml");

        List<String> argv = argumentsOf(spec);
        NodeOptions node = new NodeOptionsParser().parse(argv.toArray(String[]::new));

        assertThat(node.replication()).isEqualTo(spec.replication());
        assertThat((long) node.payloadBytes()).isEqualTo(spec.workload().payload().bytes());
        assertThat(node.profile()).isEqualTo(spec.workload().profile());
    }

    @ParameterizedTest(name = "placement {0}, serviceTime {1}")
    @CsvSource(delimiter = '|', value = {
            "none    | {cpu: 2ms, wait: 10ms}",
            "all     | {cpu: 0.5ms}",
            "none    | {wait: 1.5s}",
            "buddies | {cpu: 10s, wait: 0ms}"})
    void thePlacementAndTheServiceTimeReachTheNodeUnchanged(String placement, String serviceTime) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse("""
                name: crossing
                cluster: {nodes: 3}
                replication: {placement: %s}
                workload: {app: counter, serviceTime: %s}
                load: {users: 1, thinkTime: 1s, duration: 10s}
                """.formatted(placement, serviceTime), "test.yaml");

        List<String> argv = argumentsOf(spec);
        NodeOptions node = new NodeOptionsParser().parse(argv.toArray(String[]::new));

        assertThat(node.replication()).isEqualTo(spec.replication());
        assertThat(node.replication().placement().label()).isEqualTo(placement);
        assertThat(node.serviceTime()).isEqualTo(spec.workload().serviceTime());
        assertThat(node.serviceTime().isNone()).isFalse();
    }

    @ParameterizedTest(name = "logoutCookie {0}")
    @CsvSource({"keep, KEEP, true", "expire, EXPIRE, false"})
    void theLogoutCookieReachesTheNodeAndOnlyKeepIsWritten(String label, LogoutCookie logoutCookie, boolean written)
            throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse("""
                name: crossing
                cluster: {nodes: 3}
                workload: {app: counter, logoutCookie: %s}
                load: {users: 1, thinkTime: 1s, duration: 10s}
                """.formatted(label), "test.yaml");

        List<String> argv = argumentsOf(spec);

        assertThat(new NodeOptionsParser().parse(argv.toArray(String[]::new)).logoutCookie()).isEqualTo(logoutCookie);
        assertThat(argv.contains("--logout-cookie")).isEqualTo(written);
    }

    /**
     * One vocabulary: a value a scenario file may not hold is refused by the node's command line too, in the same
     * words, the file naming the field path and the node the option.
     */
    @ParameterizedTest(name = "{0}.{1} / {2} {3}")
    @CsvSource(delimiter = '|', value = {
            "cluster     | workers                 | --workers                   | 0",
            "cluster     | cpuBudget               | --cpu-budget                | 65",
            "replication | syncTimeout             | --sync-timeout              | 2",
            "replication | maxUnreplicatedInterval | --max-unreplicated-interval | 25h",
            "replication | delivery                | --delivery                  | eventually",
            "workload    | payload                 | --payload-bytes             | 17MB",
            "jgroups     | transport               | --jgroups-transport         | sctp",
            "jgroups     | fdSock2                 | --fd-sock                   | maybe"})
    void aValueTheFileRefusesTheNodeRefusesInTheSameWords(String section, String field, String option, String value)
            throws Exception {
        boolean inCluster = section.equals("cluster");
        String file = """
                name: crossing
                cluster: {nodes: 2%s}
                load: {users: 1, thinkTime: 1s, duration: 10s}
                %s
                """.formatted(inCluster ? ", " + field + ": " + value : "",
                inCluster ? "" : section + ": {" + field + ": " + value + "}");
        SpecProblem problem = catchThrowableOfType(SpecException.class, () -> ScenarioLoader.parse(file, "test.yaml"))
                .problems().getFirst();
        ScenarioSpec defaults = ScenarioLoader.parse("""
                name: crossing
                cluster: {nodes: 2}
                load: {users: 1, thinkTime: 1s, duration: 10s}
                """, "test.yaml");
        List<String> argv = new ArrayList<>(NodeArguments.of("node1", "replsim-crossing", "127.0.0.1",
                new NodePorts(18081, 18181, 18281, 18381), "127.0.0.1[18281]", defaults.cluster(), defaults.replication(),
                defaults.workload()));
        argv.set(argv.indexOf(option) + 1, value);

        var refused = catchThrowableOfType(BadArgumentException.class,
                () -> new NodeOptionsParser().parse(argv.toArray(String[]::new)));

        assertThat(problem.path()).isEqualTo(section + "." + field);
        assertThat(refused.argument()).isEqualTo(option);
        assertThat(refused.getMessage()).isEqualTo(option + ": got \"" + value + "\", expected " + problem.expected());
    }

    @ParameterizedTest(name = "maxInactiveInterval {0}")
    @ValueSource(strings = {"2s", "1.5s", "30m", "24h", "1ms"})
    void theMaxInactiveIntervalReachesTheNodeUnchanged(String interval) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse("""
                name: crossing
                cluster: {nodes: 3}
                replication: {placement: buddies, maxInactiveInterval: %s}
                load: {users: 1, thinkTime: 1s, duration: 10s}
                """.formatted(interval), "test.yaml");

        List<String> argv = argumentsOf(spec);
        NodeOptions node = new NodeOptionsParser().parse(argv.toArray(String[]::new));

        assertThat(node.replication()).isEqualTo(spec.replication());
        assertThat(node.replication().lifecycle().maxInactiveInterval()).isPresent();
    }

    @ParameterizedTest(name = "maxActiveSessions {0}")
    @ValueSource(strings = {"1", "500", "10000000"})
    void maxActiveSessionsReachesTheNodeUnchanged(String max) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse("""
                name: crossing
                cluster: {nodes: 3}
                replication: {placement: all, maxInactiveInterval: 30m, maxActiveSessions: %s}
                load: {users: 1, thinkTime: 1s, duration: 10s}
                """.formatted(max), "test.yaml");

        List<String> argv = argumentsOf(spec);
        NodeOptions node = new NodeOptionsParser().parse(argv.toArray(String[]::new));

        assertThat(node.replication()).isEqualTo(spec.replication());
        assertThat(node.replication().lifecycle().maxActiveSessions()).hasValue(Integer.parseInt(max));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "{}",
            "{preset: wildfly}",
            "{preset: jboss5}",
            "{preset: wildfly, transport: tcp-nio2, fdAll3: {timeout: 7.5s, interval: 250ms}, verifySuspect2: {timeout: 7ms},"
                    + " fdSock2: false, merge3: {minInterval: 1.5s, maxInterval: 1m}, bundler: {type: no-bundler, maxSize: 70KB},"
                    + " threadPool: {minThreads: 1, maxThreads: 7, keepAlive: 90s}}"})
    void theJGroupsSectionReachesTheNodeUnchanged(String jgroups) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse("""
                name: crossing
                cluster: {nodes: 2}
                load: {users: 1, thinkTime: 1s, duration: 10s}
                jgroups: %s
                """.formatted(jgroups), "test.yaml");

        List<String> argv = argumentsOf(spec);
        NodeOptions node = new NodeOptionsParser().parse(argv.toArray(String[]::new));

        assertThat(node.stack()).isEqualTo(spec.cluster().stack());
    }

    @Test
    void theNodeARuntimeStartsFirstIsToldToFoundTheClusterAndTheOthersToJoinIt() throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse("""
                name: formation
                cluster: {nodes: 3}
                load: {users: 1, thinkTime: 1s, duration: 10s}
                """, "test.yaml");
        String members = "127.0.0.1[18281],127.0.0.1[18282],127.0.0.1[18283]";

        for (Formation formation : Formation.values()) {
            List<String> argv = NodeArguments.of("node1", "replsim-formation", "127.0.0.1",
                    new NodePorts(18081, 18181, 18281, 18381), members, formation, spec.cluster(), spec.replication(),
                    spec.workload());
            assertThat(new NodeOptionsParser().parse(argv.toArray(String[]::new)).formation()).isEqualTo(formation);
        }
        List<String> joiner = NodeArguments.of("node2", "replsim-formation", "127.0.0.1",
                new NodePorts(18082, 18182, 18282, 18381), members, spec.cluster(), spec.replication(), spec.workload());
        assertThat(joiner).as("a joiner's command line is as it always was").doesNotContain("--formation");
    }

    @Test
    void aNodeIsGivenItsMetricsPortOnlyWhenTheScenarioAsksForMetrics() throws Exception {
        ScenarioSpec plain = ScenarioLoader.parse("""
                name: plain
                cluster: {nodes: 2}
                load: {users: 1, thinkTime: 1s, duration: 10s}
                """, "test.yaml");
        ScenarioSpec scraped = ScenarioLoader.parse("""
                name: scraped
                cluster: {nodes: 2, metrics: true}
                load: {users: 1, thinkTime: 1s, duration: 10s}
                """, "test.yaml");
        NodePorts ports = new NodePorts(18081, 18181, 18281, 18381);

        NodeOptions served = new NodeOptionsParser().parse(NodeArguments.of("node1", "replsim-scraped", "127.0.0.1",
                ports, "127.0.0.1[18281]", scraped.cluster(), scraped.replication(), scraped.workload())
                .toArray(String[]::new));
        NodeOptions unserved = new NodeOptionsParser().parse(NodeArguments.of("node1", "replsim-plain", "127.0.0.1",
                ports, "127.0.0.1[18281]", plain.cluster(), plain.replication(), plain.workload())
                .toArray(String[]::new));

        assertThat(scraped.cluster().metrics()).isTrue();
        assertThat(served.metricsPort()).hasValue(18381);
        assertThat(plain.cluster().metrics()).isFalse();
        assertThat(unserved.metricsPort()).isEmpty();
    }

    /** node1's command line for {@code spec}, as a runtime writes it. */
    private static List<String> argumentsOf(ScenarioSpec spec) {
        return NodeArguments.of("node1", "replsim-crossing", "127.0.0.1", new NodePorts(18081, 18181, 18281, 18381),
                "127.0.0.1[18281]", spec.cluster(), spec.replication(), spec.workload());
    }
}
