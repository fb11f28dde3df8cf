package io.replsim.settings;

import java.util.Locale;

/**
 * A constant of a fixed set of choices, named by one rule wherever it is written (scenario files, the node's command
 * line, reports): its name in lower case with dashes, so {@code SET_AND_NON_PRIMITIVE_GET} is
 * {@code set-and-non-primitive-get} and {@code TCP_NIO2} is {@code tcp-nio2}. An enum states its labels by
 * implementing this and nothing more; {@link Choices#of} reads them back.
 */
public interface Labelled {

    /** The constant's name, as {@link Enum#name} gives it. */
    String name();

    /** The name in scenario files, on the command line and in reports. */
    default String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
