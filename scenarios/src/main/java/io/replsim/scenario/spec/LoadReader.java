package io.replsim.scenario.spec;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Reads the {@code load} section through its settings ({@link LoadSettings}). Keeps the load's duration on its own as
 * well: faults are checked against it even when another load field is wrong, so one pass still finds a fault
 * scheduled after the end.
 */
final class LoadReader {

    static final List<String> FIELDS = SectionSettings.fieldsOf(LoadSettings.GROUP);

    private final Optional<Duration> duration;
    private final Optional<LoadSpec> spec;

    /** @param path the workload's app, where the load's requests go */
    LoadReader(MapReader load, String path) {
        SectionSettings in = SectionSettings.of(load, LoadSettings.GROUP).reading(LoadSettings.SCRIPT,
                ScriptReader::read);
        LoadSpec read = LoadSettings.GROUP.read(in, LoadSettings.defaults(path));
        duration = in.value(LoadSettings.DURATION);
        spec = in.anyRequiredMissing() ? Optional.empty() : Optional.of(read);
    }

    /** The load's duration, when the file states a valid one. */
    Optional<Duration> duration() {
        return duration;
    }

    /** The whole load, when every field it cannot do without is valid. */
    Optional<LoadSpec> spec() {
        return spec;
    }
}
