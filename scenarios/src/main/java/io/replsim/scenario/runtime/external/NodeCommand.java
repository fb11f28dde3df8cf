package io.replsim.scenario.runtime.external;

import io.replsim.loadgen.exchange.NodeEndpoint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * A command the user gave to do something to one node of a cluster replsim does not run (kill it, start it
 * again), run through {@code sh -c}: ssh and systemctl, docker kill, kill -9 ... {@code {node}}, {@code {url}},
 * {@code {host}} and {@code {port}} are replaced by the node's name, base URL, host and port, which are also in the
 * environment as {@code REPLSIM_NODE}, {@code REPLSIM_URL}, {@code REPLSIM_HOST} and {@code REPLSIM_PORT}.
 *
 * <p>Its output goes to files, not pipes: a restart command that leaves a server running in the background
 * keeps the pipes open, and reading them would wait for that server to end.
 *
 * @param what     what it does, for messages: {@code kill} or {@code restart}
 * @param template the command as the user wrote it
 * @param timeout  how long it may take; then it and its children are killed and the fault fails
 */
public record NodeCommand(String what, String template, Duration timeout) {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);
    private static final int TAIL_LINES = 5;
    /** How long a killed command and its children may take to be gone before the fault's error is raised anyway. */
    private static final Duration KILLED_GONE_WITHIN = Duration.ofSeconds(5);

    public NodeCommand {
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(template, "template");
        Objects.requireNonNull(timeout, "timeout");
        if (template.isBlank()) {
            throw new IllegalArgumentException("--" + what + "-command: got an empty command, expected a shell"
                    + " command such as 'ssh {node} sudo systemctl " + what + " tomcat'");
        }
        if (!timeout.isPositive()) {
            throw new IllegalArgumentException("a command timeout is above 0, got " + timeout);
        }
    }

    /** What ran: the command as given to the shell, its exit code, its output and the end of its stderr. */
    public record Outcome(String command, int exitCode, String output, String stderrTail, Duration took) {
    }

    /** The command for {@code node}, its placeholders replaced. */
    public String commandFor(NodeEndpoint node) {
        return template.replace("{node}", node.name())
                .replace("{url}", node.baseUri().toString())
                .replace("{host}", node.baseUri().getHost())
                .replace("{port}", Integer.toString(port(node)));
    }

    /** Runs it for {@code node}; fails with its exit code and stderr's last lines when it exits non-zero. */
    public Outcome run(NodeEndpoint node) throws IOException, InterruptedException {
        String command = commandFor(node);
        Path stdout = Files.createTempFile("replsim-" + what, ".out");
        Path stderr = Files.createTempFile("replsim-" + what, ".err");
        try {
            ProcessBuilder builder = new ProcessBuilder("sh", "-c", command)
                    .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()))
                    .redirectOutput(stdout.toFile())
                    .redirectError(stderr.toFile());
            builder.environment().put("REPLSIM_NODE", node.name());
            builder.environment().put("REPLSIM_URL", node.baseUri().toString());
            builder.environment().put("REPLSIM_HOST", node.baseUri().getHost());
            builder.environment().put("REPLSIM_PORT", Integer.toString(port(node)));
            long start = System.nanoTime();
            Process process = builder.start();
            boolean ended;
            try {
                ended = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                destroyWithChildren(process);
                throw e;
            }
            Duration took = Duration.ofNanos(System.nanoTime() - start);
            if (!ended) {
                destroyWithChildren(process);
                throw new IOException(String.format(Locale.ROOT, "the %s command for %s did not end within %s and"
                        + " was killed: %s%s", what, node.name(), timeout.toMillis() % 1000 == 0
                        ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms", command, tail(stderr)));
            }
            Outcome outcome = new Outcome(command, process.exitValue(),
                    Files.readString(stdout, StandardCharsets.UTF_8).strip(), tailOf(stderr), took);
            if (outcome.exitCode() != 0) {
                throw new IOException("the " + what + " command for " + node.name() + " exited with "
                        + outcome.exitCode() + ": " + command + tail(stderr));
            }
            return outcome;
        } finally {
            Files.deleteIfExists(stdout);
            Files.deleteIfExists(stderr);
        }
    }

    private static int port(NodeEndpoint node) {
        int port = node.baseUri().getPort();
        return port >= 0 ? port : 80;
    }

    /**
     * Kills the command and what it started, and waits (bounded) until they are gone: a SIGKILL is only a request
     * the kernel carries out a moment later, and the fault must not return while they still run (seen: a test
     * found a killed {@code sleep} alive right after, on a loaded machine).
     */
    private static void destroyWithChildren(Process process) {
        List<ProcessHandle> started = Stream.concat(process.descendants(), Stream.of(process.toHandle())).toList();
        started.forEach(ProcessHandle::destroyForcibly);
        long deadline = System.nanoTime() + KILLED_GONE_WITHIN.toNanos();
        for (ProcessHandle handle : started) {
            try {
                handle.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (TimeoutException | ExecutionException stillThere) {
                // not ours to wait for longer: the error names the command, which was killed
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static String tail(Path stderr) {
        String tail = tailOf(stderr);
        return tail.isEmpty() ? "" : "; its stderr ended with:\n" + tail;
    }

    private static String tailOf(Path stderr) {
        try {
            List<String> lines = Files.readAllLines(stderr, StandardCharsets.UTF_8).stream()
                    .filter(line -> !line.isBlank()).toList();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
        } catch (IOException e) {
            return "(stderr unreadable: " + e.getMessage() + ")";
        }
    }
}
