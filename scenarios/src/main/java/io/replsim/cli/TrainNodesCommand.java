package io.replsim.cli;

import io.replsim.scenario.run.StartCacheTraining;
import io.replsim.scenario.runtime.NodeLauncher;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Trains the node JVMs' start-up cache ({@link StartCacheTraining}) so that the first run after a build starts its
 * nodes from it. The launcher runs it after each build on JDK 25+; hidden from the help, since nobody needs to call
 * it by hand. It never fails the user's run: when the training does not write the cache it says why on the same
 * line, exits 3, and the next cluster's nodes start cold and one of them records it.
 */
@Command(name = "train-nodes", hidden = true,
        description = "Train the node JVMs' start-up cache (the launcher runs this after a build).")
final class TrainNodesCommand implements Callable<Integer> {
    /** It took 7.6-9.3 s at load 1-6; a machine busy enough to need ten times that makes the user wait too long. */
    static final Duration LIMIT = Duration.ofSeconds(90);

    @Option(names = "--cache", required = true, paramLabel = "FILE", description = "where the cache goes")
    Path cache;

    @Override
    public Integer call() throws InterruptedException {
        Path file = cache.toAbsolutePath();
        StartCacheTraining training = new StartCacheTraining(NodeLauncher.currentJvm(),
                file.resolveSibling("training"));
        System.err.print("replsim: training the node start-up cache (once after a build): 2 nodes, 2 s of load,"
                + " one of them recording ...");
        long started = System.nanoTime();
        AtomicReference<Optional<String>> outcome = new AtomicReference<>();
        Thread trainer = Thread.ofPlatform().name("train-nodes").start(() -> {
            try {
                outcome.set(training.train(file));
            } catch (InterruptedException e) {
                outcome.set(Optional.of("interrupted"));
            }
        });
        // Past the limit this JVM exits with its nodes still up: the runtime's shutdown hook kills them and deletes
        // what the recorder had written.
        if (!trainer.join(LIMIT)) {
            System.err.printf(Locale.ROOT, " not written: the training took longer than %d s (%s); the next"
                    + " cluster's nodes start cold and one of them records it%n", LIMIT.toSeconds(), training.log());
            return ReplsimCommand.RUN_BROKE;
        }
        Optional<String> whyNot = outcome.get();
        if (whyNot.isPresent()) {
            System.err.println(" not written: " + whyNot.get() + "; the next cluster's nodes start cold and one of"
                    + " them records it");
            return ReplsimCommand.RUN_BROKE;
        }
        System.err.printf(Locale.ROOT, " written in %.1f s%n", (System.nanoTime() - started) / 1e9);
        return 0;
    }
}
