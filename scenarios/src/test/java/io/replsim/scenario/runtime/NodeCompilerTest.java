package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.replsim.replication.transport.Formation;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The compiler a node JVM runs: the JVM's own tiers unless the launcher names C1 alone (the test suite's nodes), put
 * on the node's command line before its class path, and a name that is neither refused, saying where it came from.
 */
class NodeCompilerTest {
    private static final String SCENARIO = """
            name: compiler
            cluster: {nodes: 2, workers: 4, cpuBudget: 0.5, heap: 96m}
            load: {users: 1, thinkTime: 1s, duration: 5s}
            """;

    @TempDir
    Path dir;

    @Test
    void aNodeOnC1AloneIsStartedWithTheJvmStoppedAtTheFirstTier() throws Exception {
        List<String> command = command(NodeCompiler.C1_ONLY);

        assertThat(command).contains("-XX:TieredStopAtLevel=1");
        assertThat(command.indexOf("-XX:TieredStopAtLevel=1")).isLessThan(command.indexOf("-cp"));
    }

    @Test
    void aNodeOnTheJvmsOwnTiersIsGivenNoCompilerOption() throws Exception {
        assertThat(command(NodeCompiler.TIERED)).noneMatch(option -> option.startsWith("-XX:TieredStopAtLevel"));
    }

    @Test
    void theSuitesNodesRunOnC1AloneAsScenariosPomSays() {
        // scenarios/pom.xml sets the property for surefire and the slow drills' failsafe
        assertThat(NodeLauncher.currentJvm().compiler()).isEqualTo(NodeCompiler.C1_ONLY);
    }

    @Test
    void aCompilerThatIsNeitherIsRefusedNamingWhereItCameFromAndWhatItMayBe() {
        assertThat(NodeCompiler.of(" C1-Only ", "-Dreplsim.nodeCompiler")).isEqualTo(NodeCompiler.C1_ONLY);
        assertThatThrownBy(() -> NodeCompiler.of("c2", "-Dreplsim.nodeCompiler"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("-Dreplsim.nodeCompiler is 'c2': a node's compiler is one of tiered, c1-only");
    }

    private List<String> command(NodeCompiler compiler) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse(SCENARIO, "compiler.yaml");
        NodeLauncher launcher = new NodeLauncher(Path.of("/usr/bin/java"), "node.jar", new NodeStartCache.Off(),
                compiler);
        NodeCommandLine commands = new NodeCommandLine(launcher, spec.cluster(), spec.replication(), spec.workload(),
                dir, "compiler", "127.0.0.1");
        return commands.of("node1", new NodePorts(8080, 8081, 7800, 9090), "node1=7800", Formation.JOIN,
                ClusterStartCache.off(spec.cluster(), dir, new PrintStream(OutputStream.nullOutputStream())));
    }
}
