package io.replsim.scenario.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Whether node JVMs start from an ahead-of-time cache (JDK 25's AOT cache: the classes loaded and linked, and the
 * methods' profiles, of a training run). A cold node JVM spends its first tens of seconds loading classes and
 * compiling, on its CPU budget, while the load already runs: the quickstart's median response time was 1.9-2.4 ms
 * cold and 1.4-1.8 ms from the cache, and a node JVM from the cache needs about half the CPU to join its cluster
 * (docs/benchmarks.md, "Node start-up cache").
 */
public sealed interface NodeStartCache {

    /** The JVM options for one node; {@code recorder} is the node that records the cache, when one does. */
    List<String> jvmOptions(boolean recorder);

    /** How much longer than usual a node may take to exit when asked to stop. */
    default Duration extraExitTime() {
        return Duration.ZERO;
    }

    /** What the nodes of a cluster about to start do: this, but for {@link UseOrRecord}. */
    default NodeStartCache forCluster() {
        return this;
    }

    /** Node JVMs start cold. */
    record Off() implements NodeStartCache {
        @Override
        public List<String> jvmOptions(boolean recorder) {
            return List.of();
        }
    }

    /**
     * Node JVMs start from {@code file}. A JVM that cannot use it (another JDK, another class path, a heap too
     * large for compressed pointers) says so in the node's log and starts cold.
     */
    record Use(Path file) implements NodeStartCache {
        /** How the JVM's unified log tags a warning or error about the cache ("[0.005s][warning][aot] ..."). */
        private static final Pattern JVM_COMPLAINT =
                Pattern.compile("^\\[[^]]*]\\[(warning|error) *]\\[aot[^]]*] (.*)$");

        @Override
        public List<String> jvmOptions(boolean recorder) {
            return List.of("-XX:AOTCache=" + file);
        }

        /**
         * Whether the JVM that wrote {@code nodeLog} complained about the cache at start (then it ran without it,
         * or without part of it), with its first complaint: a node that starts cold has figures a user must not
         * compare with warm ones.
         */
        public Optional<String> refusalIn(Path nodeLog) {
            return firstLine(nodeLog, 200, JVM_COMPLAINT).map(complaint -> complaint.group(2).strip());
        }
    }

    /**
     * One node (the recorder) records what it loads and profiles into {@code recording}, and its JVM writes the cache
     * there when it exits normally: a graceful stop, not a kill (one node is enough: every node runs the same code,
     * and writing a cache costs a few seconds of CPU). {@link #keep} then moves it to {@code file}, so a cache half
     * written by a JVM killed while writing it is never used.
     */
    record Record(Path file, Path recording) implements NodeStartCache {
        /** What the JVM prints once it has written the whole cache (JDK 25). */
        private static final String COMPLETE = "AOTCache creation is complete: ";

        /** Recording beside {@code file}, under a name of its own (two runs may record at once). */
        public Record(Path file) {
            this(file, file.resolveSibling(file.getFileName() + ".recording-"
                    + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16)));
        }

        @Override
        public List<String> jvmOptions(boolean recorder) {
            return recorder ? List.of("-XX:AOTCacheOutput=" + recording) : List.of();
        }

        /** Writing the cache (a child JVM, on the node's CPU budget) took 3-4 s idle and 5-15 s on 2 busy cores. */
        @Override
        public Duration extraExitTime() {
            return Duration.ofSeconds(90);
        }

        /**
         * After the recorder's JVM has exited: moves the cache it wrote to {@code file} when {@code recorderLog} says
         * the JVM wrote all of it, and says why not otherwise; what a JVM left half written is deleted either way.
         */
        public Optional<String> keep(Path recorderLog) {
            try {
                boolean complete = firstLine(recorderLog, Integer.MAX_VALUE,
                        Pattern.compile("^" + Pattern.quote(COMPLETE + recording) + "\\b.*")).isPresent();
                if (complete && Files.isRegularFile(recording)) {
                    Files.move(recording, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    return Optional.empty();
                }
                return Optional.of("its JVM did not exit normally or did not finish writing it (" + recorderLog + ")");
            } catch (IOException e) {
                return Optional.of("it could not be moved to " + file + ": " + e.getMessage());
            } finally {
                try {
                    Files.deleteIfExists(recording);
                    Files.deleteIfExists(recording.resolveSibling(recording.getFileName() + ".config"));
                } catch (IOException e) {
                    // left beside the cache under a name no JVM is given; the next recording has its own
                }
            }
        }
    }

    /**
     * The launcher's cache at {@code file}: a cluster's nodes start from it when it exists, and when it does not (the
     * first run after a build) one of them records it, so that the runs after that one start warm.
     */
    record UseOrRecord(Path file) implements NodeStartCache {
        /** Before {@link #forCluster()}: from the cache when it exists, cold otherwise. */
        @Override
        public List<String> jvmOptions(boolean recorder) {
            return Files.isRegularFile(file) ? new Use(file).jvmOptions(recorder) : List.of();
        }

        @Override
        public NodeStartCache forCluster() {
            return Files.isRegularFile(file) ? new Use(file) : new Record(file);
        }
    }

    private static Optional<Matcher> firstLine(Path log, int lines, Pattern pattern) {
        if (!Files.isRegularFile(log)) {
            return Optional.empty();
        }
        try (Stream<String> all = Files.lines(log, StandardCharsets.ISO_8859_1)) {
            return all.limit(lines).map(pattern::matcher).filter(Matcher::matches).findFirst();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
