package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.runtime.CgroupCpuController;
import io.replsim.scenario.runtime.CpuQuotaHost;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.ProcessRuntime;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A host where no cgroup can be made (here: a cgroup mount that is a plain file, which not even root can make a
 * directory in) runs the nodes anyway and says, on the cluster line and in summary.json, that their CPU budget was
 * not enforced and why.
 */
@ExtendWith(NoNodeProcessLeft.class)
class CpuBudgetNotEnforcedProcessTest {
    private static final String SCENARIO = """
            name: unenforced
            cluster: {nodes: 1, workers: 4, cpuBudget: 0.5, heap: 96m}
            load: {users: 2, thinkTime: 100ms, duration: 3s}
            """;

    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void theClusterLineAndTheSummarySayTheBudgetWasNotEnforcedAndWhy(@TempDir Path dir) throws Exception {
        Path notACgroupMount = Files.writeString(dir.resolve("cpu"), "a file, not a directory");
        CpuQuotaHost unusable = CpuQuotaHost.at(new CgroupCpuController(notACgroupMount, CgroupCpuController.Version.V1));
        Path file = Files.writeString(dir.resolve("unenforced.yaml"), SCENARIO);
        ScenarioSpec spec = ScenarioLoader.load(file);
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        ScenarioRunner runner = new ScenarioRunner(dir.resolve("runs"), (scenario, logs) -> new ProcessRuntime(
                scenario.cluster(), scenario.replication(), scenario.workload(), logs, NodeLauncher.currentJvm(), out,
                unusable), out, Duration.ofSeconds(2));

        RunOutcome outcome = runner.run(spec, file);
        String printed = console.toString(StandardCharsets.UTF_8);

        assertThat(printed.lines().filter(line -> line.startsWith("cluster   ")).findFirst()).as(printed)
                .hasValueSatisfying(line -> assertThat(line)
                        .contains("0.50 cores each (budget not enforced: cannot create the cgroup "
                                + notACgroupMount.resolve("replsim")));
        JsonNode cluster = new ObjectMapper().readTree(outcome.directory().resolve("summary.json").toFile())
                .get("cluster");
        assertThat(cluster.get("cpuBudgetEnforced").asBoolean(true)).as(cluster.toString()).isFalse();
        assertThat(cluster.get("cpuBudgetEnforcement").asText()).contains("cannot create the cgroup");
    }
}
