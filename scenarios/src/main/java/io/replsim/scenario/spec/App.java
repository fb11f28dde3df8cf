package io.replsim.scenario.spec;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The workload application the nodes serve and the load driver checks. */
public enum App {
    /** A per-session serial number and payload: every response tells whether the session survived intact. */
    COUNTER;

    /** The name used in scenario files. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static App parse(String text) {
        return Arrays.stream(values()).filter(app -> app.label().equalsIgnoreCase(text.trim())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown app \"" + text + "\"; expected one of: "
                        + Arrays.stream(values()).map(App::label).collect(Collectors.joining(", "))));
    }
}
