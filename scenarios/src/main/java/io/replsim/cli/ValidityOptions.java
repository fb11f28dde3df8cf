package io.replsim.cli;

import io.replsim.scenario.report.InvalidRuns;
import picocli.CommandLine.Option;

/** Whether a run judged INVALID fails as such ({@code run} and {@code soak} share it). */
final class ValidityOptions {

    @Option(names = "--accept-invalid", description = "report a run judged INVALID (its steady window measured the"
            + " driver: Little's law, think time, the driver's CPU or GC) by its checks, PASS or FAIL and exit 0 or 1,"
            + " instead of INVALID and exit 4; its validity line still says INVALID and why")
    boolean acceptInvalid;

    InvalidRuns invalidRuns() {
        return acceptInvalid ? InvalidRuns.ACCEPTED : InvalidRuns.REFUSED;
    }
}
