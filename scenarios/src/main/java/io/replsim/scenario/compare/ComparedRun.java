package io.replsim.scenario.compare;

/**
 * One scenario's run in one round of a comparison: measured at the comparison's load, searched for the users it
 * sustains, or broken before it could be.
 */
public sealed interface ComparedRun {
    String scenario();

    int round();

    /** PASS, FAIL or INVALID for a run, VALID or INVALID for a search, BROKE without figures. */
    String verdict();

    /** {@code directory}: the run's own directory, with its report. */
    record Measured(String scenario, int round, RunFigures figures, String directory) implements ComparedRun {
        @Override
        public String verdict() {
            return figures.verdict();
        }
    }

    /** One variant's capacity search in one round, on a fresh cluster; {@code directory}: the search's own. */
    record Searched(String scenario, int round, SearchFigures figures, String directory) implements ComparedRun {
        @Override
        public String verdict() {
            return figures.verdict();
        }
    }

    /** The cluster did not come up, or the run broke: no figures. */
    record Broke(String scenario, int round, String reason) implements ComparedRun {
        @Override
        public String verdict() {
            return "BROKE";
        }
    }
}
