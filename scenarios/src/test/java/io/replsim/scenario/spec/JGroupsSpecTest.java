package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.replication.transport.BundlerKind;
import io.replsim.replication.transport.StackPreset;
import io.replsim.replication.transport.StackTuning;
import io.replsim.replication.transport.TransportKind;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The {@code jgroups} section: presets, values of a file's own over them, and each mistake at its field's path. */
class JGroupsSpecTest {

    private static final String HEAD = """
            name: x
            cluster: {nodes: 3}
            load: {users: 1, thinkTime: 1s, duration: 10s}
            """;

    private static StackTuning stackOf(String jgroups) throws SpecException {
        return ScenarioLoader.parse(HEAD + jgroups, Scenarios.SOURCE).cluster().stack();
    }

    @Test
    void withoutASectionTheNodesRunReplsimsOwnTuning() throws Exception {
        assertThat(stackOf("")).isEqualTo(StackPreset.TUNED.tuning());
    }

    @Test
    void aPresetGivesItsServersValues() throws Exception {
        assertThat(stackOf("jgroups: {preset: wildfly}\n")).isEqualTo(StackPreset.WILDFLY.tuning());
        assertThat(stackOf("jgroups: {preset: jboss5}\n")).isEqualTo(StackPreset.JBOSS5.tuning());
        assertThat(stackOf("jgroups: {preset: tuned}\n")).isEqualTo(StackPreset.TUNED.tuning());
    }

    @Test
    void valuesWrittenOverAPresetReplaceOnlyThemselves() throws Exception {
        StackTuning stack = stackOf("""
                jgroups:
                  preset: wildfly
                  transport: tcp-nio2
                  fdAll3: {timeout: 10s}
                  verifySuspect2: {timeout: 2s, closedPortConfirms: true}
                  fdSock2: false
                  merge3: {maxInterval: 45s}
                  bundler: {type: transfer-queue, maxSize: 96KB}
                  threadPool: {minThreads: 2, maxThreads: 50, keepAlive: 5s}
                """);
        StackTuning wildfly = StackPreset.WILDFLY.tuning();
        assertThat(stack.transport()).isEqualTo(TransportKind.TCP_NIO2);
        assertThat(stack.failureDetection()).isEqualTo(new StackTuning.FailureDetection(Duration.ofSeconds(10),
                wildfly.failureDetection().heartbeatInterval(), Duration.ofSeconds(2), false, true));
        assertThat(stack.merge()).isEqualTo(new StackTuning.MergeIntervals(wildfly.merge().min(),
                Duration.ofSeconds(45)));
        assertThat(stack.bundler()).isEqualTo(new StackTuning.Bundling(BundlerKind.TRANSFER_QUEUE, 96 * 1024));
        assertThat(stack.threadPool()).isEqualTo(new StackTuning.ThreadPoolSize(2, 50, Duration.ofSeconds(5)));
    }

    @Test
    void udpIsTakenOverAPresetKeepingItsOtherValues() throws Exception {
        assertThat(stackOf("jgroups: {preset: wildfly, transport: udp}\n"))
                .isEqualTo(StackPreset.WILDFLY.tuning().withTransport(TransportKind.UDP));
    }

    @Test
    void udpWithABundleNoDatagramHoldsIsRefusedAtTheBundlesSize() {
        assertThat(problemsOf(HEAD + "jgroups: {transport: udp, bundler: {maxSize: 96KB}}\n")).singleElement()
                .satisfies(problem -> {
                    assertThat(problem.path()).isEqualTo("jgroups.bundler.maxSize");
                    assertThat(problem.expected()).startsWith("a bundle that fits one datagram with").contains("udp")
                            .contains("65491");
                });
    }

    @Test
    void udpInContainersIsRefusedWithTheReason() {
        String file = """
                name: x
                cluster: {nodes: 3, runtime: docker}
                load: {users: 1, thinkTime: 1s, duration: 10s}
                jgroups: {transport: udp}
                """;
        assertThat(problemsOf(file)).singleElement().satisfies(problem -> {
            assertThat(problem.path()).isEqualTo("jgroups.transport");
            assertThat(problem.value()).isEqualTo("udp");
            assertThat(problem.expected()).startsWith("tcp or tcp-nio2 with cluster.runtime docker")
                    .contains("run udp with cluster.runtime process");
        });
    }

    @Test
    void eachMistakeIsReportedAtItsFieldsPath() {
        List<SpecProblem> problems = problemsOf(HEAD + """
                jgroups:
                  preset: glassfish
                  transport: sctp
                  fdAll3: {timeout: 0s, interval: 1h}
                  verifySuspect2: {timeout: 500, closedPortConfirms: maybe}
                  fdSock2: maybe
                  merge3: {minInterval: 20s, maxInterval: 10s}
                  bundler: {type: ring, maxSize: 100}
                  threadPool: {minThreads: 10, maxThreads: 5}
                  fdAll: {timeout: 1s}
                """);
        assertThat(Scenarios.pathsOf(problems)).containsExactlyInAnyOrder("jgroups.fdAll", "jgroups.preset",
                "jgroups.transport", "jgroups.fdAll3.timeout", "jgroups.fdAll3.interval",
                "jgroups.verifySuspect2.timeout", "jgroups.verifySuspect2.closedPortConfirms", "jgroups.fdSock2",
                "jgroups.merge3.maxInterval",
                "jgroups.bundler.type", "jgroups.bundler.maxSize", "jgroups.threadPool.maxThreads");
        assertThat(problems).filteredOn(p -> p.path().equals("jgroups.preset")).singleElement()
                .satisfies(p -> assertThat(p.expected()).contains("tuned, wildfly, jboss5"));
        assertThat(problems).filteredOn(p -> p.path().equals("jgroups.merge3.maxInterval")).singleElement()
                .satisfies(p -> assertThat(p.expected()).contains("merge3.minInterval 20s is not below"
                        + " merge3.maxInterval 10s"));
    }

    @Test
    void aHeartbeatIntervalNotBelowThePresetsTimeoutIsReportedAtTheIntervalWritten() {
        assertThat(problemsOf(HEAD + "jgroups: {preset: wildfly, fdAll3: {interval: 40s}}\n")).singleElement()
                .satisfies(problem -> {
                    assertThat(problem.path()).isEqualTo("jgroups.fdAll3.interval");
                    assertThat(problem.expected()).contains("fdAll3.interval 40s is not below fdAll3.timeout 40s");
                });
        assertThat(problemsOf(HEAD + "jgroups: {fdAll3: {timeout: 400ms}}\n")).singleElement()
                .satisfies(problem -> assertThat(problem.path()).isEqualTo("jgroups.fdAll3.timeout"));
    }

    @Test
    void aTomcatClusterHasNoJGroupsSection() {
        assertThat(problemsOf("""
                name: x
                cluster: {nodes: 2, runtime: tomcat}
                load: {users: 1, thinkTime: 1s, duration: 10s}
                jgroups: {preset: wildfly}
                """)).singleElement().satisfies(problem -> {
            assertThat(problem.path()).isEqualTo("jgroups");
            assertThat(problem.expected()).contains("Tribes");
        });
    }
}
