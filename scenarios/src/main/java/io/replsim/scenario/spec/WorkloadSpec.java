package io.replsim.scenario.spec;

import io.replsim.loadgen.check.state.ProfileState;
import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.node.app.AttributeShape;
import io.replsim.node.app.LogoutCookie;
import io.replsim.node.app.ServiceTime;
import io.replsim.node.app.SessionProfile;
import io.replsim.settings.DataSize;
import java.util.Objects;

/**
 * What the nodes serve: the application, the bytes each counter session carries (and replicates), the shape
 * of each profile session, the work every request does besides its session's ({@code serviceTime}), and what a
 * logout does with the session cookie ({@code logoutCookie}).
 */
public record WorkloadSpec(App app, DataSize payload, SessionProfile profile, ServiceTime serviceTime,
                           LogoutCookie logoutCookie) {

    public static final DataSize DEFAULT_PAYLOAD = DataSize.parse("4KB");

    public WorkloadSpec {
        Objects.requireNonNull(app, "app");
        Objects.requireNonNull(payload, "payload");
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(serviceTime, "serviceTime");
        Objects.requireNonNull(logoutCookie, "logoutCookie");
    }

    /** Logouts that expire the cookie, replsim's default. */
    public WorkloadSpec(App app, DataSize payload, SessionProfile profile, ServiceTime serviceTime) {
        this(app, payload, profile, serviceTime, LogoutCookie.EXPIRE);
    }

    /** Requests that do no work of their own. */
    public WorkloadSpec(App app, DataSize payload, SessionProfile profile) {
        this(app, payload, profile, ServiceTime.NONE);
    }

    /**
     * What the load driver must know of the apps' settings to compute the state each request builds: the counter's
     * payload size and the profile's shape (docs/interfaces.md §2).
     */
    public SessionShapes sessionShapes() {
        return new SessionShapes(Math.toIntExact(payload.bytes()), new ProfileState(profile.attributes(),
                profile.attributeBytes(), profile.shape() == AttributeShape.GRAPH ? ProfileState.ValueShape.GRAPH
                : ProfileState.ValueShape.BYTES, profile.modifiedShare()));
    }

    /** A counter workload: the profile keeps its defaults, unused. */
    public WorkloadSpec(App app, DataSize payload) {
        this(app, payload, SessionProfile.DEFAULT);
    }
}
