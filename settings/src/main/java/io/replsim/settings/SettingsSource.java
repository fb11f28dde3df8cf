package io.replsim.settings;

import java.util.List;
import java.util.Optional;

/**
 * Where a settings group is read from: a section of a scenario file, or the node's command line. A group states its
 * rules once against this, and each source names a setting the way its user wrote it ({@code fdAll3.interval},
 * {@code --fd-all-interval}) and reports a problem its own way: a scenario file collects every problem and reading
 * goes on, so a value read after one may be a default; the command line stops at the first.
 */
public interface SettingsSource {

    /** The value written for the setting; empty when it is absent, or written wrong (and then reported). */
    <T> Optional<T> value(Setting<?, T> setting);

    /**
     * The value written for a setting the group cannot do without (the load's users, say); its absence is reported
     * as a problem, and then, as for a wrong value, it is empty.
     */
    <T> Optional<T> required(Setting<?, T> setting);

    /** The setting as its user names it: {@code fdAll3.interval}, {@code --fd-all-interval}. */
    String nameOf(Setting<?, ?> setting);

    /** The setting with a value, as its user would write it: {@code engine: jgroups}, {@code --engine jgroups}. */
    String phrase(Setting<?, ?> setting, String value);

    /** A problem with the setting as written, found only when read together with others. */
    void problem(Setting<?, ?> setting, String expected);

    /**
     * A problem with settings that belong together (the async queue's): at the first of them written (in a file,
     * the section that holds it), or at {@code fallback} when none is.
     */
    void problem(List<? extends Setting<?, ?>> together, Setting<?, ?> fallback, String expected);

    /**
     * Refuses the setting when it is written at all, with what to do instead: it means nothing with the others as
     * they are (the closed model's users under the open model).
     */
    void refuse(Setting<?, ?> setting, String expected);

    /**
     * Refuses each of the settings that is written, since they mean something only when {@code condition} is
     * {@code value}: a file that looks like it asks for something it does not get is a problem.
     */
    void refuseUnless(List<? extends Setting<?, ?>> settings, Setting<?, ?> condition, String value);
}
