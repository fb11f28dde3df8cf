package io.replsim.scenario.spec;

import io.replsim.settings.Setting;
import io.replsim.settings.SettingsGroup;
import io.replsim.settings.SettingsSource;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A scenario file's section as the source of a settings group: each setting is read at its path (a nested section
 * such as {@code async} is opened, with its own fields, when a setting in it is first read) and each problem is
 * reported at the field path, so reading goes on and one pass reports them all. A setting is read once, however
 * often the group asks for it, so a wrong value is reported once.
 */
final class SectionSettings implements SettingsSource {

    private final MapReader section;
    private final SettingsGroup<?> group;
    private final Map<String, MapReader> nested = new HashMap<>();
    private final Map<Setting<?, ?>, Function<MapReader, ? extends Optional<?>>> ownForms = new HashMap<>();
    private final Map<Setting<?, ?>, Field<?>> fields = new HashMap<>();
    private final Map<Setting<?, ?>, Optional<?>> ownFormValues = new HashMap<>();
    private boolean anyRequiredMissing;

    private SectionSettings(MapReader section, SettingsGroup<?> group) {
        this.section = section;
        this.group = group;
    }

    /** The settings of {@code group} in {@code section}, whose fields are the group's ({@link #fieldsOf}). */
    static SectionSettings of(MapReader section, SettingsGroup<?> group) {
        return new SectionSettings(section, group);
    }

    /** The fields of the group's section of a file, in the order the group declares its settings. */
    static List<String> fieldsOf(SettingsGroup<?> group) {
        return group.fieldsOf("");
    }

    /**
     * Reads {@code setting} in a form of the file's own instead of its text, such as buddy pools as a list of lists,
     * each entry reported at its own path.
     */
    <T> SectionSettings reading(Setting<?, T> setting, Function<MapReader, Optional<T>> form) {
        ownForms.put(setting, form);
        return this;
    }

    /** Whether a setting the group cannot do without was missing or wrong (and reported). */
    boolean anyRequiredMissing() {
        return anyRequiredMissing;
    }

    @Override
    @SuppressWarnings("unchecked") // reading() keys each form by a setting of the form's own type
    public <T> Optional<T> value(Setting<?, T> setting) {
        Function<MapReader, ? extends Optional<?>> form = ownForms.get(setting);
        if (form != null) {
            return (Optional<T>) ownFormValues.computeIfAbsent(setting, read -> form.apply(holderOf(setting)));
        }
        return field(setting).optional();
    }

    @Override
    public <T> Optional<T> required(Setting<?, T> setting) {
        Optional<T> value = field(setting).required();
        anyRequiredMissing |= value.isEmpty();
        return value;
    }

    @Override
    public void refuse(Setting<?, ?> setting, String expected) {
        MapReader holder = holderOf(setting);
        if (holder.has(setting.key())) {
            holder.problemWith(setting.key(), expected);
        }
    }

    @Override
    public String nameOf(Setting<?, ?> setting) {
        return setting.path();
    }

    @Override
    public String phrase(Setting<?, ?> setting, String value) {
        return setting.path() + ": " + value;
    }

    @Override
    public void problem(Setting<?, ?> setting, String expected) {
        holderOf(setting).problemWith(setting.key(), expected);
    }

    @Override
    public void problem(List<? extends Setting<?, ?>> together, Setting<?, ?> fallback, String expected) {
        Optional<String> written = together.stream().map(Setting::topKey).filter(section::has).findFirst();
        if (written.isPresent()) {
            section.problemWith(written.get(), expected);
        } else {
            problem(fallback, expected);
        }
    }

    /** A nested section is refused as a whole, whatever it holds: {@code no async unless delivery is async}. */
    @Override
    public void refuseUnless(List<? extends Setting<?, ?>> settings, Setting<?, ?> condition, String value) {
        Set<String> keys = new LinkedHashSet<>();
        settings.forEach(setting -> keys.add(setting.topKey()));
        for (String key : keys) {
            if (section.has(key)) {
                section.problemWith(key, "no " + key + " unless " + nameOf(condition) + " is " + value);
            }
        }
    }

    @SuppressWarnings("unchecked") // each field is read by its own setting, so it holds the setting's type
    private <T> Field<T> field(Setting<?, T> setting) {
        return (Field<T>) fields.computeIfAbsent(setting, read -> holderOf(setting).setting(setting.key(), setting));
    }

    private MapReader holderOf(Setting<?, ?> setting) {
        String name = setting.section();
        if (name.isEmpty()) {
            return section;
        }
        return nested.computeIfAbsent(name, key -> section.optionalSection(key, group.fieldsOf(key)));
    }
}
