package io.replsim.loadgen.label;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How the choices of scenario files and the console are named: an enum constant in lower case with dashes
 * ({@code PER_USER} is {@code per-user}), read back whatever its case, with an error that lists every name.
 */
public final class EnumLabels {

    private EnumLabels() {
    }

    /** The constant's name in scenario files, e.g. {@code per-user}. */
    public static String of(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The constant of {@code type} named {@code text}, case and surrounding blanks ignored.
     *
     * @param what what the constants are, for the error, e.g. {@code connection mode}
     * @throws IllegalArgumentException naming the text and every name there is
     */
    public static <E extends Enum<E>> E parse(Class<E> type, String text, String what) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        E[] constants = type.getEnumConstants();
        for (E constant : constants) {
            if (of(constant).equals(wanted)) {
                return constant;
            }
        }
        throw new IllegalArgumentException("unknown " + what + " \"" + text + "\"; expected one of: "
                + Arrays.stream(constants).map(EnumLabels::of).collect(Collectors.joining(", ")));
    }
}
