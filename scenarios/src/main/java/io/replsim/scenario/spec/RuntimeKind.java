package io.replsim.scenario.spec;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Where the nodes run: as JVM processes on this machine's loopback, or one Docker container each. */
public enum RuntimeKind {
    PROCESS,
    /** One container per node on a network made for the run, its CPU budget enforced as a quota. */
    DOCKER;

    /** The name used in scenario files. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static RuntimeKind parse(String text) {
        return Arrays.stream(values()).filter(kind -> kind.label().equalsIgnoreCase(text.trim())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown runtime \"" + text + "\"; expected one of: "
                        + Arrays.stream(values()).map(RuntimeKind::label).collect(Collectors.joining(", "))));
    }
}
