package io.replsim.scenario.report.flight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import jdk.jfr.Configuration;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A recording of this JVM, made while one thread spins in a method of this test and another waits 50 ms for a
 * monitor the first holds, read back: the spinning method among the hottest, the wait on the monitor's class.
 */
class FlightRecordingReaderTest {
    private static final Object CONTENDED = new ContendedLock();
    private static volatile long sink;

    @Test
    void theHottestMethodsAndTheMonitorWaitedForAreTheOnesThisJvmSpentItsTimeIn(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("this.jfr");
        try (Recording recording = new Recording(Configuration.getConfiguration("profile"))) {
            recording.start();
            spinFor(Duration.ofMillis(600));
            waitForAHeldMonitor();
            recording.stop();
            recording.dump(file);
        }

        FlightSummary summary = FlightRecordingReader.read("test", file, "this.jfr");

        assertThat(summary.cpuSamples()).isPositive();
        assertThat(summary.hottest()).extracting(FlightSummary.HotMethod::method)
                .anyMatch(method -> method.endsWith("FlightRecordingReaderTest.spinFor"));
        assertThat(summary.hottest()).hasSizeLessThanOrEqualTo(FlightSummary.HOTTEST);
        assertThat(summary.monitors().waits()).isPositive();
        assertThat(summary.monitors().longest()).extracting(FlightSummary.Monitor::monitorClass)
                .contains(ContendedLock.class.getName());
        assertThat(summary.monitors().waitedMs()).isGreaterThanOrEqualTo(40);
    }

    @Test
    void aFileThatIsNoCompleteRecordingIsAnErrorNotAnEmptySummary(@TempDir Path dir) throws IOException {
        Path broken = Files.write(dir.resolve("node1-1.jfr"), "FLR\0 not a recording".getBytes(StandardCharsets.UTF_8));

        assertThatThrownBy(() -> FlightRecordingReader.read("node1", broken, "nodes/node1-1.jfr"))
                .isInstanceOf(IOException.class);
    }

    @Test
    void aJvmWithoutARecordingIsListedWithWhyAndAnUnreadableOneWithItsError(@TempDir Path dir) throws IOException {
        Path broken = Files.write(dir.resolve("node2-7.jfr"), new byte[] {1, 2, 3});
        Path empty = Files.createFile(dir.resolve("node3-8.jfr"));

        FlightRecordings recordings = FlightRecordings.of(dir, List.of(
                new FlightRecordings.Recorded("node1", List.of()),
                new FlightRecordings.Recorded("node2", List.of(broken)),
                new FlightRecordings.Recorded("node3", List.of(empty))));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        recordings.print(new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(recordings.read()).isEmpty();
        assertThat(recordings.missing()).extracting(FlightRecordings.Missing::jvm).containsExactly("node1", "node2", "node3");
        assertThat(printed.toString(StandardCharsets.UTF_8))
                .contains("node1   no recording: its JVM did not exit on its own (a JVM killed by SIGKILL writes none)")
                .contains("node2   node2-7.jfr could not be read")
                .contains("node3   node3-8.jfr is empty: its JVM did not exit on its own");
    }

    @Test
    void aRunDirectoryGivenRelativeNamesItsRecordingsRelativeToIt(@TempDir Path dir) throws IOException {
        Path relative = Path.of("").toAbsolutePath().relativize(dir.toAbsolutePath());
        Path empty = Files.createFile(dir.resolve("nodes-node1-1.jfr"));

        FlightRecordings recordings = FlightRecordings.of(relative, List.of(
                new FlightRecordings.Recorded("node1", List.of(empty))));

        assertThat(recordings.missing()).extracting(FlightRecordings.Missing::why)
                .singleElement().asString().startsWith("nodes-node1-1.jfr is empty");
    }

    private static void spinFor(Duration duration) {
        long end = System.nanoTime() + duration.toNanos();
        long x = 0;
        while (System.nanoTime() < end) {
            for (int i = 0; i < 10_000; i++) {
                x += (long) i * 31 % 7;
            }
        }
        sink = x;
    }

    /** The waiter blocks on the monitor at least 50 ms: the holder lets go 50 ms after it sees it blocked. */
    private static void waitForAHeldMonitor() throws InterruptedException {
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = Thread.ofPlatform().start(() -> {
            synchronized (CONTENDED) {
                held.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        });
        held.await();
        Thread waiter = Thread.ofPlatform().start(() -> {
            synchronized (CONTENDED) {
                sink++;
            }
        });
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (waiter.getState() != Thread.State.BLOCKED && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        assertThat(waiter.getState()).as("the waiter blocked on the held monitor").isEqualTo(Thread.State.BLOCKED);
        Thread.sleep(50);
        release.countDown();
        waiter.join();
        holder.join();
    }

    private static final class ContendedLock {
    }
}
