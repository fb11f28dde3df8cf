package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import io.replsim.scenario.run.RunOutcome;
import io.replsim.scenario.run.ScenarioRunner;
import io.replsim.scenario.spec.ScenarioLoader;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.testcontainers.DockerClientFactory;

/** A scenario run in containers for the container tests, with what it printed, and the check that it left nothing. */
record DockerScenarioRun(RunOutcome outcome, String printed) {

    static DockerScenarioRun of(Path dir, String name, String yaml) throws Exception {
        Path file = Files.writeString(dir.resolve(name + ".yaml"), yaml);
        Path projectHome = Path.of("").toAbsolutePath().getParent();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        NodeImage image = new NodeImage(projectHome, Path.of(System.getProperty("java.home")));
        ScenarioRunner runner = new ScenarioRunner(dir.resolve("runs"),
                RuntimeFactory.standard(NodeLauncher.currentJvm(), () -> image, out), out, Duration.ofSeconds(5));
        RunOutcome outcome = runner.run(ScenarioLoader.load(file), file);
        return new DockerScenarioRun(outcome, console.toString(StandardCharsets.UTF_8));
    }

    /**
     * No container or network of the docker runtime that this JVM's runs made is left on the engine. Only this JVM's
     * (the runtime labels each with its owner's pid): the container tests run in two JVMs side by side, one test at a
     * time in each, so the other JVM's may be running.
     */
    static void assertNothingLeftBehind() {
        DockerClient docker = DockerClientFactory.instance().client();
        Map<String, String> ours = Map.of(DockerRuntime.LABEL_RUNTIME, "docker",
                DockerRuntime.LABEL_OWNER_PID, Long.toString(ProcessHandle.current().pid()));
        assertThat(docker.listContainersCmd().withShowAll(true).withLabelFilter(ours).exec())
                .as("containers left behind").isEmpty();
        assertThat(docker.listNetworksCmd().withFilter("label", ours.entrySet().stream()
                .map(label -> label.getKey() + "=" + label.getValue()).toList()).exec())
                .as("networks left behind").isEmpty();
    }
}
