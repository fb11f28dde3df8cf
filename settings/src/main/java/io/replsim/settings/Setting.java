package io.replsim.settings;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One knob of a settings group, declared once for every place it is written: its field in a scenario file (its
 * {@code path} within the group's section, {@code async.bundleTimeout}) and, for a knob a node is told, its flag on
 * the node's command line ({@code --async-bundle-timeout}), read and written by one {@link Grammar}, held to one
 * rule, taken from the group's record by {@code value}. What the knob means is the declaration's comment.
 *
 * @param path          the field within the group's section of a scenario file; a dot nests a section
 * @param flag          the node's command-line option; empty for a knob only scenario files write (the load's)
 * @param value         the setting's value in the group's record
 * @param rule          what a value of the grammar must also be
 * @param ruleExpected  what to write instead of a value the rule refuses
 * @param writtenWhen   whether the node's command line carries the setting for this record (the async queue's
 *                      settings only with async delivery)
 */
public record Setting<R, T>(String path, Optional<String> flag, Grammar<T> grammar, Function<R, T> value,
                            Predicate<? super T> rule, String ruleExpected, Predicate<R> writtenWhen) {

    public Setting {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(grammar, "grammar");
        Objects.requireNonNull(value, "value");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(writtenWhen, "writtenWhen");
        if (flag.filter(option -> !option.startsWith("--")).isPresent()) {
            throw new IllegalArgumentException("a flag starts with --, got " + flag.get());
        }
    }

    /** A setting of a node, every value of its grammar good for it, always on the command line. */
    public static <R, T> Setting<R, T> of(String path, String flag, Grammar<T> grammar, Function<R, T> value) {
        return new Setting<>(path, Optional.of(flag), grammar, value, any -> true, "", record -> true);
    }

    /** A setting only scenario files write, every value of its grammar good for it. */
    public static <R, T> Setting<R, T> of(String path, Grammar<T> grammar, Function<R, T> value) {
        return new Setting<>(path, Optional.empty(), grammar, value, any -> true, "", record -> true);
    }

    /** The same setting, refusing the values that break {@code newRule} with {@code expected}. */
    public Setting<R, T> must(Predicate<? super T> newRule, String expected) {
        return new Setting<>(path, flag, grammar, value, newRule, expected, writtenWhen);
    }

    /** The same setting, on the command line only for the records {@code condition} holds for. */
    public Setting<R, T> writtenWhen(Predicate<R> condition) {
        return new Setting<>(path, flag, grammar, value, rule, ruleExpected, condition);
    }

    /** The value the text states, when it states one the rule accepts. */
    public Optional<T> parse(String text) {
        return grammar.parse(text).filter(rule);
    }

    /** What to write instead of {@code text}, which {@link #parse} refused. */
    public String expected(String text) {
        return grammar.parse(text).isPresent() ? ruleExpected : grammar.expected(text);
    }

    /** The text of this setting's value in {@code settings}, as the grammar writes it. */
    public String format(R settings) {
        return grammar.format(value.apply(settings));
    }

    /** The node's command-line option: only a setting a node is told has one. */
    public String option() {
        return flag.orElseThrow(() -> new IllegalStateException(path + " is no setting of a node's command line"));
    }

    /** The value {@code in} gives, or the one {@code defaults} has when it gives none (absent, or refused). */
    public T readFrom(SettingsSource in, R defaults) {
        return in.value(this).orElseGet(() -> value.apply(defaults));
    }

    /** The section of a scenario file's group the setting sits in directly: {@code async}, or "" at the top. */
    public String section() {
        int dot = path.lastIndexOf('.');
        return dot < 0 ? "" : path.substring(0, dot);
    }

    /** The setting's own key within its section: {@code bundleTimeout}. */
    public String key() {
        return path.substring(path.lastIndexOf('.') + 1);
    }

    /** The key at the group's top level that holds the setting: {@code async} for {@code async.bundleTimeout}. */
    public String topKey() {
        int dot = path.indexOf('.');
        return dot < 0 ? path : path.substring(0, dot);
    }
}
