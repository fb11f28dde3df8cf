package io.replsim.scenario.spec;

import java.io.Serializable;
import java.util.Objects;

/**
 * One thing wrong with a scenario file, in terms the user can act on.
 *
 * @param path     where it is: a field path such as {@code faults[0].at} or {@code cluster.nodes}, a position such as
 *                 {@code line 4, column 3} for a YAML syntax error, or empty for the file as a whole
 * @param value    what the file says there, as written; {@code null} when nothing is there
 * @param expected what would be accepted there, phrased to follow "expected"
 */
public record SpecProblem(String path, String value, String expected) implements Serializable {

    public SpecProblem {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(expected, "expected");
    }

    /** For example {@code load.thinkTime: "fast" is not valid; expected a duration such as 500ms, 20s or 1m}. */
    @Override
    public String toString() {
        String where = path.isEmpty() ? "" : path + ": ";
        String found = value == null ? "missing" : "\"" + value + "\" is not valid";
        return where + found + "; expected " + expected;
    }
}
