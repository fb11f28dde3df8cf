package io.replsim.scenario.spec;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Whether the load comes from users who wait for their answers (closed) or from arrivals on a schedule (open). */
public enum LoadModel {
    /** Virtual users: request, wait, think, again; a slower server gets fewer requests. */
    CLOSED,
    /** Requests arrive at a rate whatever the server does (wrk2); a slower server builds a queue. */
    OPEN;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static LoadModel parse(String text) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(model -> model.label().equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown load model \"" + text + "\"; expected one of: "
                        + Arrays.stream(values()).map(LoadModel::label).collect(Collectors.joining(", "))));
    }
}
