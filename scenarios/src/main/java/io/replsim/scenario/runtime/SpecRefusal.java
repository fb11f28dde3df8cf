package io.replsim.scenario.runtime;

import java.util.Objects;

/**
 * One thing in a scenario a runtime cannot play, found before anything starts: where it is in the scenario file,
 * why, and what to do instead. Each runtime that refuses parts of a spec (an external cluster, nodes in one JVM, a
 * Tomcat cluster) lists them as these.
 */
public record SpecRefusal(String path, String why, String instead) {
    public SpecRefusal {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(why, "why");
        Objects.requireNonNull(instead, "instead");
    }

    @Override
    public String toString() {
        return path + ": " + why + "; " + instead;
    }
}
