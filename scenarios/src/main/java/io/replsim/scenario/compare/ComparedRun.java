package io.replsim.scenario.compare;

/** One scenario's run in one round of a comparison: measured, or broken before it could be. */
public sealed interface ComparedRun {
    String scenario();

    int round();

    /** {@code directory}: the run's own directory, with its report. */
    record Measured(String scenario, int round, RunFigures figures, String directory) implements ComparedRun {
    }

    /** The cluster did not come up, or the run broke: no figures. */
    record Broke(String scenario, int round, String reason) implements ComparedRun {
    }
}
