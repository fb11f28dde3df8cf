package io.replsim.scenario.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Whether node JVMs start from an ahead-of-time cache (JDK 25's AOT cache: the classes loaded and linked, and the
 * methods' profiles, of a training run). A cold node JVM spends its first tens of seconds loading classes and
 * compiling, on its CPU budget, while the load already runs: the quickstart's median response time was 1.9-2.4 ms
 * cold and 1.4-1.8 ms from the cache, and a cluster came up in 7 s instead of 8-12 s (docs/benchmarks.md).
 */
public sealed interface NodeStartCache {

    /** The JVM options for one node; {@code first} is the first node of the cluster. */
    List<String> jvmOptions(boolean first);

    /** How much longer than usual a node may take to exit when asked to stop. */
    default Duration extraExitTime() {
        return Duration.ZERO;
    }

    /** Node JVMs start cold. */
    record Off() implements NodeStartCache {
        @Override
        public List<String> jvmOptions(boolean first) {
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
        public List<String> jvmOptions(boolean first) {
            return List.of("-XX:AOTCache=" + file);
        }

        /**
         * Whether the JVM that wrote {@code nodeLog} complained about the cache at start (then it ran without it,
         * or without part of it), with its first complaint: a node that starts cold has figures a user must not
         * compare with warm ones.
         */
        public Optional<String> refusalIn(Path nodeLog) {
            if (!Files.isRegularFile(nodeLog)) {
                return Optional.empty();
            }
            try (Stream<String> lines = Files.lines(nodeLog, StandardCharsets.ISO_8859_1)) {
                return lines.limit(200).map(JVM_COMPLAINT::matcher).filter(Matcher::matches)
                        .map(complaint -> complaint.group(2).strip()).findFirst();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * The first node records what it loads and profiles, and writes the cache to {@code file} when it exits
     * normally (one node is enough: every node runs the same code, and writing a cache costs a few seconds of CPU).
     */
    record Train(Path file) implements NodeStartCache {
        @Override
        public List<String> jvmOptions(boolean first) {
            return first ? List.of("-XX:AOTCacheOutput=" + file) : List.of();
        }

        /** Writing the cache (a child JVM, on the node's CPU budget) took 5-15 s on 2 shared cores. */
        @Override
        public Duration extraExitTime() {
            return Duration.ofSeconds(90);
        }
    }
}
