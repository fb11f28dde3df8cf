package io.replsim.node.lifecycle;

import java.time.Duration;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;

/**
 * Writes the flight recordings this JVM was started with ({@code -XX:StartFlightRecording} with a file name) before
 * the graceful leave halts it: {@code Runtime.halt} ends the JVM whatever JFR's own shutdown hook is doing. That hook
 * runs beside the graceful leave's and stops (writes) the same recordings: when it gets there first, this one's stop
 * finds the recording stopped while the hook is still writing it, so it waits for the hook to end (a fresh clone's
 * FlightRecordingProcessTest found the survivor's recording empty, twice in an afternoon).
 */
public final class FlightRecordingsOnExit {

    private FlightRecordingsOnExit() {
    }

    /** The name JDK's JFR gives its shutdown hook's thread ({@code jdk.jfr.internal.ShutdownHook}). */
    static final String JFR_HOOK = "JFR Shutdown Hook";
    /** How long the leave waits for JFR's hook to finish writing: a recording of minutes writes in a second or two. */
    private static final Duration JFR_HOOK_DEADLINE = Duration.ofSeconds(10);

    /**
     * Stops each recording that has a destination, which writes it there, then lets JFR's own hook finish whatever it
     * was writing; none when JFR never started.
     */
    public static void write() {
        if (!FlightRecorder.isInitialized()) {
            return;
        }
        for (Recording recording : FlightRecorder.getFlightRecorder().getRecordings()) {
            if (recording.getDestination() != null) {
                try {
                    recording.stop();
                } catch (IllegalStateException alreadyStopped) {
                    // stopped by JFR's own hook first, which may still be writing it: awaited below
                }
            }
        }
        awaitJfrHook();
    }

    private static void awaitJfrHook() {
        long deadline = System.nanoTime() + JFR_HOOK_DEADLINE.toNanos();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (JFR_HOOK.equals(thread.getName()) && thread != Thread.currentThread()) {
                try {
                    thread.join(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }
}
