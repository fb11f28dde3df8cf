package io.replsim.scenario.spec;

import java.util.Objects;
import java.util.Optional;

/**
 * One scenario a file describes: the file itself, or one variant of its {@code matrix:}.
 *
 * @param name   what a comparison calls it: the scenario's name, or a variant's values
 *               ({@code placement=buddies,attributeSize=16KB})
 * @param played a variant's own scenario file (the matrix taken out, its values set, its name the file's and its
 *               values'), to be written where its runs can copy it; empty for a file without a matrix, played as it is
 */
public record ScenarioVariant(String name, ScenarioSpec spec, Optional<String> played) {

    public ScenarioVariant {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(spec, "spec");
        Objects.requireNonNull(played, "played");
    }

    /** Whether it is a variant of a matrix, not a file played as it is. */
    public boolean ofMatrix() {
        return played.isPresent();
    }
}
