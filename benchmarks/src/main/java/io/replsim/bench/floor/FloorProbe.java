package io.replsim.bench.floor;

import io.replsim.bench.PacedExchangeFloor;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code PacedExchangeFloor} (three peer JVMs on loopback) in a JVM of its own, at a node's rate, and reads its
 * peers' report lines. Bounded by its warm-up and window; the JVM and its peers are ended if it overstays.
 */
record FloorProbe(int ratePerSecond, Duration warmUp, Duration window) {

    FloorReading run(int frameBytes, PacedExchangeFloor.FrameFate fate, PrintStream progress)
            throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process probe = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                PacedExchangeFloor.class.getName(), String.valueOf(ratePerSecond), String.valueOf(frameBytes),
                String.valueOf(warmUp.toSeconds()), String.valueOf(window.toSeconds()),
                PacedExchangeFloor.AnswerWait.AS_SENT.name(), fate.name())
                .redirectErrorStream(true).start();
        List<FloorReading> peers = new ArrayList<>();
        try (var out = new BufferedReader(new InputStreamReader(probe.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                progress.println("    floor " + fate.name().toLowerCase(Locale.ROOT) + " | " + line);
                if (line.startsWith("peer ")) {
                    peers.add(FloorReading.parse(line));
                }
            }
            if (!probe.waitFor(warmUp.plus(window).toSeconds() + 60, TimeUnit.SECONDS) || probe.exitValue() != 0
                    || peers.isEmpty()) {
                throw new IllegalStateException("the floor probe failed (" + peers.size() + " peers reported)");
            }
        } finally {
            probe.descendants().forEach(ProcessHandle::destroyForcibly);
            probe.destroyForcibly();
        }
        return FloorReading.mean(peers);
    }
}
