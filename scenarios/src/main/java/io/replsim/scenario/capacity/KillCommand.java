package io.replsim.scenario.capacity;

import io.replsim.loadgen.NodeEndpoint;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Kills a node of an external cluster by running the command its user gave, through {@code sh -c}: the driver
 * cannot reach another cluster's processes, so the user says how (ssh and systemctl, docker kill, kill -9 ...).
 */
final class KillCommand {

    private static final Duration DEADLINE = Duration.ofSeconds(60);

    private KillCommand() {
    }

    /** Runs {@code template} for {@code node}; returns its output, or fails with it when it exits non-zero. */
    static String run(String template, NodeEndpoint node) throws IOException, InterruptedException {
        String command = template.replace("{node}", node.name()).replace("{url}", node.baseUri().toString());
        ProcessBuilder builder = new ProcessBuilder("sh", "-c", command).redirectErrorStream(true);
        builder.environment().put("REPLSIM_NODE", node.name());
        builder.environment().put("REPLSIM_URL", node.baseUri().toString());
        Process process = builder.start();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException("the kill command did not end within " + DEADLINE.toSeconds() + " s: " + command);
        }
        String text = new String(output, StandardCharsets.UTF_8).strip();
        if (process.exitValue() != 0) {
            throw new IOException("the kill command exited with " + process.exitValue() + ": " + command
                    + (text.isEmpty() ? "" : "\n" + text));
        }
        return text;
    }
}
