package io.replsim.settings;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * The settings of one record (a node's replication, its JGroups stack, its server threads; a scenario's load),
 * declared once: the scenario file's reader and the node's command line both read the record through {@link #read},
 * and the runner writes a node's onto its command line through {@link #arguments}. A new knob is a record
 * component, a {@link Setting} in this list and its place in the reading.
 *
 * @param settings every setting of the group, in the order a scenario file's section lists its fields
 * @param reading  the record from a source and the defaults of every setting it does not give; the rules between
 *                 settings live here, stated against the source so each reports them at its own names
 */
public record SettingsGroup<R>(List<Setting<R, ?>> settings, BiFunction<SettingsSource, R, R> reading) {

    public SettingsGroup {
        settings = List.copyOf(settings);
        Objects.requireNonNull(reading, "reading");
    }

    @SafeVarargs
    public static <R> SettingsGroup<R> of(BiFunction<SettingsSource, R, R> reading, Setting<R, ?>... settings) {
        return new SettingsGroup<>(List.of(settings), reading);
    }

    public R read(SettingsSource in, R defaults) {
        return reading.apply(in, defaults);
    }

    /** The node's command line for the record: each setting's flag and value, where the record calls for it. */
    public List<String> arguments(R value) {
        List<String> arguments = new ArrayList<>();
        for (Setting<R, ?> setting : settings) {
            if (setting.flag().isPresent() && setting.writtenWhen().test(value)) {
                arguments.add(setting.option());
                arguments.add(setting.format(value));
            }
        }
        return arguments;
    }

    /** Every flag of the group, for a command line that must refuse any other. */
    public List<String> flags() {
        return settings.stream().flatMap(setting -> setting.flag().stream()).toList();
    }

    /** The fields of a scenario file's section of this group, or of one of its nested sections, in order. */
    public List<String> fieldsOf(String section) {
        return settings.stream()
                .filter(setting -> section.isEmpty() || setting.path().startsWith(section + "."))
                .map(setting -> section.isEmpty() ? setting.topKey()
                        : setting.path().substring(section.length() + 1).split("\\.")[0])
                .distinct()
                .toList();
    }
}
