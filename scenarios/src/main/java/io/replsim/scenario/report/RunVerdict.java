package io.replsim.scenario.report;

/**
 * A run's verdict, summary.json's {@code verdict} and the console's header line: PASS when every check held,
 * FAIL when one did not, INVALID when the steady window measured the driver rather than the cluster (its
 * {@link ValidityReport}) and such runs are {@link InvalidRuns#REFUSED}. INVALID wins over FAIL: a check measured by a
 * driver that lost time says nothing either way.
 */
public enum RunVerdict {
    PASS,
    FAIL,
    INVALID;

    public static RunVerdict of(boolean checksHeld, ValidityReport validity, InvalidRuns invalidRuns) {
        if (!validity.valid() && invalidRuns == InvalidRuns.REFUSED) {
            return INVALID;
        }
        return checksHeld ? PASS : FAIL;
    }
}
