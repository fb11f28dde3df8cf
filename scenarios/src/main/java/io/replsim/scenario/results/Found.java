package io.replsim.scenario.results;

import java.nio.file.Path;
import java.util.List;

/**
 * What the runs directory holds for one {@link Measurement}: its newest directory, or only directories of the file
 * before it changed, or none; with any unreadable directory that may have been one.
 */
public sealed interface Found {

    List<Unreadable> unreadable();

    record Measured(Recorded recorded, List<Unreadable> unreadable) implements Found {
    }

    /** {@code newest}: the newest directory made from an older version of the file. */
    record Changed(Path newest, List<Unreadable> unreadable) implements Found {
    }

    record NotMeasured(List<Unreadable> unreadable) implements Found {
    }
}
