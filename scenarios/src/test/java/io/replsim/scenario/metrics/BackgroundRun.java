package io.replsim.scenario.metrics;

import static org.awaitility.Awaitility.await;

import io.replsim.scenario.run.RunOutcome;
import io.replsim.scenario.run.ScenarioRunner;
import io.replsim.scenario.spec.ScenarioLoader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;

/**
 * A scenario played on another thread, so a test scrapes it while it runs, the endpoints its run lists, and what
 * the runner printed.
 */
record BackgroundRun(CompletableFuture<RunOutcome> outcome, RunTargets targets, ByteArrayOutputStream printed) {

    /**
     * Plays {@code yaml} from a file in {@code dir} with the runner {@code runnerOf} makes from where the runs go
     * and where it prints, and waits up to {@code within} for its prometheus-targets.json to list the driver.
     */
    static BackgroundRun play(Path dir, String yaml, BiFunction<Path, PrintStream, ScenarioRunner> runnerOf,
                              Duration within) throws IOException {
        Path file = Files.writeString(dir.resolve("scraped.yaml"), yaml);
        Path runs = dir.resolve("runs");
        var printed = new ByteArrayOutputStream();
        ScenarioRunner runner = runnerOf.apply(runs, new PrintStream(printed, true, StandardCharsets.UTF_8));
        CompletableFuture<RunOutcome> run = CompletableFuture.supplyAsync(() -> {
            try {
                return runner.run(ScenarioLoader.load(file), file);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        RunTargets targets = await().atMost(within).pollInterval(Duration.ofMillis(100))
                .until(() -> RunTargets.read(runs), found -> found.isPresent() || run.isDone())
                .orElseThrow(() -> new AssertionError("the run wrote no driver target: "
                        + printed.toString(StandardCharsets.UTF_8)));
        return new BackgroundRun(run, targets, printed);
    }

    String console() {
        return printed.toString(StandardCharsets.UTF_8);
    }
}
