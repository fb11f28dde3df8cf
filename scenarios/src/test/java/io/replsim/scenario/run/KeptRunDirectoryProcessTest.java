package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.replsim.scenario.runtime.ClusterStartException;
import io.replsim.scenario.runtime.DirectoryTree;
import io.replsim.scenario.runtime.NodeImage;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A played scenario whose cluster did not start leaves its run directory, node logs included, where the suite ends. */
class KeptRunDirectoryProcessTest {
    private static final String SCENARIO = """
            name: kept-start
            cluster: {nodes: 1, workers: 4, cpuBudget: 0.5, heap: 96m}
            load: {users: 1, thinkTime: 100ms, duration: 2s}
            """;

    @Test
    void aClusterThatDidNotStartHasItsRunDirectoryKeptOutsideTheTestsTemporaryOne(@TempDir Path dir) throws Exception {
        // a class path without the node: its JVM exits 1 before it joins anything
        NodeLauncher noNode = new NodeLauncher(NodeLauncher.currentJvm().java(), dir.toString());

        Throwable thrown = catchThrowable(() -> PlayedScenario.play(dir, "kept-start", SCENARIO,
                out -> RuntimeFactory.standard(noNode, NodeImage::ofThisInstallation, out)));

        assertThat(thrown).isInstanceOf(ClusterStartException.class);
        assertThat(thrown.getSuppressed()).hasSize(1);
        String notice = thrown.getSuppressed()[0].getMessage();
        Path kept = Path.of(notice.substring(notice.lastIndexOf(" at ") + " at ".length()));
        assertThat(kept).as(notice).isDirectory().isAbsolute();
        assertThat(kept.startsWith(dir.toAbsolutePath())).as("%s inside the test's temporary %s", kept, dir).isFalse();
        try (Stream<Path> tree = Files.walk(kept)) {
            List<Path> logs = tree.filter(file -> file.getFileName().toString().equals("node1.log")).toList();
            assertThat(logs).as("node1's log under %s", kept).hasSize(1);
            assertThat(Files.readString(logs.getFirst())).as("what node1's JVM said").isNotBlank();
        } finally {
            // this start failed on purpose: target/kept-runs is for the ones that did not
            DirectoryTree.delete(kept);
        }
    }
}
