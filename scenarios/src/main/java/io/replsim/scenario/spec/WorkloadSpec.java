package io.replsim.scenario.spec;

import java.util.Objects;

/** What the nodes serve: the application and the bytes each session carries (and replicates). */
public record WorkloadSpec(App app, DataSize payload) {

    public static final DataSize DEFAULT_PAYLOAD = DataSize.parse("4KB");

    public WorkloadSpec {
        Objects.requireNonNull(app, "app");
        Objects.requireNonNull(payload, "payload");
    }
}
