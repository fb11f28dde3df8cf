package io.replsim.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The paced probes' peers: one JVM each, on this JVM's class path, whose output is relayed until each has printed
 * its report line ({@code peer ...}); then their standard input is closed, which ends them. Every peer keeps
 * answering the others until all have reported, since one that left early would break the others' last round.
 */
final class PeerJvms {
    private PeerJvms() {
    }

    /** Runs one JVM per argument list ({@code main} class and its arguments) with a 256 MB heap, as a node has. */
    static void run(List<List<String>> mains) throws IOException, InterruptedException {
        run(mains, Map.of());
    }

    /** The same, with {@code environment} added to each peer's (a secret, which a command line would show). */
    static void run(List<List<String>> mains, Map<String, String> environment)
            throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Process> peers = new ArrayList<>();
        try {
            for (List<String> main : mains) {
                List<String> command = new ArrayList<>(List.of(java, "-Xmx256m", "-cp",
                        System.getProperty("java.class.path")));
                command.addAll(main);
                var builder = new ProcessBuilder(command).redirectErrorStream(true);
                builder.environment().putAll(environment);
                peers.add(builder.start());
            }
            for (Process peer : peers) {
                var out = new BufferedReader(new InputStreamReader(peer.getInputStream(), StandardCharsets.UTF_8));
                String line;
                do {
                    line = out.readLine();
                    if (line == null) {
                        throw new IllegalStateException("a peer exited before its report (exit " + peer.waitFor()
                                + ")");
                    }
                    System.out.println(line);
                } while (!line.startsWith("peer "));
            }
            for (Process peer : peers) {
                peer.getOutputStream().close();
            }
            for (Process peer : peers) {
                if (!peer.waitFor(30, TimeUnit.SECONDS)) {
                    throw new IllegalStateException("a peer did not exit");
                }
            }
        } finally {
            peers.forEach(Process::destroyForcibly);
        }
    }

    /** In a peer: waits until the coordinator closes its input, answering the others meanwhile on other threads. */
    static void awaitTheEnd() throws IOException {
        System.out.flush();
        while (System.in.read() >= 0) {
            // only the end of the stream matters
        }
    }

    static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }
}
