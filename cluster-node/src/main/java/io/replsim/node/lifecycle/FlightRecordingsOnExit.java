package io.replsim.node.lifecycle;

import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;

/**
 * Writes the flight recordings this JVM was started with ({@code -XX:StartFlightRecording} with a file name) before
 * the graceful leave halts it: {@code Runtime.halt} ends the JVM without JFR's own dump-on-exit hook.
 */
public final class FlightRecordingsOnExit {

    private FlightRecordingsOnExit() {
    }

    /** Stops each recording that has a destination, which writes it there; none when JFR never started. */
    public static void write() {
        if (!FlightRecorder.isInitialized()) {
            return;
        }
        for (Recording recording : FlightRecorder.getFlightRecorder().getRecordings()) {
            if (recording.getDestination() != null) {
                try {
                    recording.stop();
                } catch (IllegalStateException alreadyStopped) {
                    // stopped (and written) by JFR's own hook first
                }
            }
        }
    }
}
