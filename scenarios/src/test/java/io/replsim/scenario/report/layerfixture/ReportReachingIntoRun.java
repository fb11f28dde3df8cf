package io.replsim.scenario.report.layerfixture;

import io.replsim.scenario.run.RunDirectory;

/** Test fixture: a report class that reaches into the runner, which PackageLayersTest's rule must refuse. */
public final class ReportReachingIntoRun {
    private ReportReachingIntoRun() {
    }

    public static String where(RunDirectory directory) {
        return directory.toString();
    }
}
