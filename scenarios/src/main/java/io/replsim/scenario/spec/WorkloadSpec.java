package io.replsim.scenario.spec;

import io.replsim.node.app.SessionProfile;
import java.util.Objects;

/**
 * What the nodes serve: the application, the bytes each counter session carries (and replicates), and the shape
 * of each profile session.
 */
public record WorkloadSpec(App app, DataSize payload, SessionProfile profile) {

    public static final DataSize DEFAULT_PAYLOAD = DataSize.parse("4KB");

    public WorkloadSpec {
        Objects.requireNonNull(app, "app");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(profile, "profile");
    }

    /** A counter workload: the profile keeps its defaults, unused. */
    public WorkloadSpec(App app, DataSize payload) {
        this(app, payload, SessionProfile.DEFAULT);
    }
}
