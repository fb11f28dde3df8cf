package io.replsim.node.options;

import io.replsim.settings.Setting;
import io.replsim.settings.SettingsSource;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The node's command line ({@code --option value} or {@code --option=value}), each option given at most once, as a
 * source of settings: the first problem stops the reading with a {@link BadArgumentException} naming the option.
 */
final class CommandLine implements SettingsSource {

    private final Map<String, String> given;

    private CommandLine(Map<String, String> given) {
        this.given = given;
    }

    /** Refuses an option not among {@code known}, one without its value, and one given twice. */
    static CommandLine of(String[] args, Collection<String> known) {
        Set<String> options = Set.copyOf(known);
        Map<String, String> given = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            String option = arg;
            String value;
            int equals = arg.indexOf('=');
            if (arg.startsWith("--") && equals > 0) {
                option = arg.substring(0, equals);
                value = arg.substring(equals + 1);
            } else if (i + 1 < args.length) {
                value = args[++i];
            } else {
                value = null;
            }
            if (!options.contains(option)) {
                throw new BadArgumentException(option, null, "one of " + options.stream().sorted().toList());
            }
            if (value == null) {
                throw new BadArgumentException(option, null, "a value after it");
            }
            if (given.put(option, value) != null) {
                throw new BadArgumentException(option, value, "the option once");
            }
        }
        return new CommandLine(given);
    }

    /** The text given for an option that is not a setting of a group (the node's name, its ports). */
    Optional<String> text(String option) {
        return Optional.ofNullable(given.get(option));
    }

    boolean has(String option) {
        return given.containsKey(option);
    }

    @Override
    public <T> Optional<T> value(Setting<?, T> setting) {
        String text = given.get(setting.option());
        if (text == null) {
            return Optional.empty();
        }
        return Optional.of(setting.parse(text)
                .orElseThrow(() -> new BadArgumentException(setting.option(), text, setting.expected(text))));
    }

    @Override
    public <T> Optional<T> required(Setting<?, T> setting) {
        if (!isWritten(setting)) {
            throw new BadArgumentException(setting.option(), null, setting.expected(""));
        }
        return value(setting);
    }

    @Override
    public void refuse(Setting<?, ?> setting, String expected) {
        if (isWritten(setting)) {
            problem(setting, expected);
        }
    }

    private boolean isWritten(Setting<?, ?> setting) {
        return given.containsKey(setting.option());
    }

    @Override
    public String nameOf(Setting<?, ?> setting) {
        return setting.option();
    }

    @Override
    public String phrase(Setting<?, ?> setting, String value) {
        return setting.option() + " " + value;
    }

    @Override
    public void problem(Setting<?, ?> setting, String expected) {
        throw new BadArgumentException(setting.option(), given.get(setting.option()), expected);
    }

    @Override
    public void problem(List<? extends Setting<?, ?>> together, Setting<?, ?> fallback, String expected) {
        Setting<?, ?> at = together.stream().filter(this::isWritten).<Setting<?, ?>>map(setting -> setting)
                .findFirst().orElse(fallback);
        problem(at, expected);
    }

    @Override
    public void refuseUnless(List<? extends Setting<?, ?>> settings, Setting<?, ?> condition, String value) {
        for (Setting<?, ?> setting : settings) {
            if (isWritten(setting)) {
                throw new BadArgumentException(setting.option(), given.get(setting.option()), "no such option unless "
                        + phrase(condition, value));
            }
        }
    }
}
