package io.replsim.scenario.runtime;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The docker command line, as a user types it, for what the Swarm drill does that docker-java has no call for
 * ({@code docker stack deploy} reads a Compose file in the client). {@code env}: set for every command, beside the
 * test's own environment (the variables a stack file names).
 */
record DockerCli(Map<String, String> env) {
    private static final Duration BOUND = Duration.ofSeconds(60);

    DockerCli {
        env = Map.copyOf(env);
    }

    /** Runs {@code docker args...} and returns what it printed; fails with its stderr when it exits non-zero. */
    String run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("docker"));
        command.addAll(List.of(args));
        // files, not pipes: a client that hangs must not hang the read, only run into the bound
        Path out = Files.createTempFile("replsim-docker", ".out");
        Path err = Files.createTempFile("replsim-docker", ".err");
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile())
                    .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
            builder.environment().putAll(env);
            Process process = builder.start();
            if (!process.waitFor(BOUND.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException(String.join(" ", command) + " did not end within " + BOUND.toSeconds() + " s");
            }
            if (process.exitValue() != 0) {
                throw new IOException(String.join(" ", command) + " exited with " + process.exitValue() + ": "
                        + Files.readString(err).strip());
            }
            return Files.readString(out, StandardCharsets.UTF_8);
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /** The non-empty lines {@code docker args...} printed: ids, names. */
    List<String> lines(String... args) throws IOException, InterruptedException {
        return run(args).lines().map(String::strip).filter(line -> !line.isEmpty()).toList();
    }
}
