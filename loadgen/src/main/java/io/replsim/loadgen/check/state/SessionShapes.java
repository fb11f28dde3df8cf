package io.replsim.loadgen.check.state;

import io.replsim.loadgen.script.RequestType.SessionKind;

import java.util.Objects;

/**
 * How the nodes' apps are configured, which the driver needs to know what state its requests build: the counter's
 * payload size and the profile's shape (the node's {@code --payload-bytes} and {@code --profile-*} options). The
 * cart and the bean have nothing to configure.
 */
public record SessionShapes(int counterPayloadBytes, ProfileState profile) {

    /** The nodes' defaults: a 4 KB payload; 10 profile attributes of 1 KB bytes, a fifth changed per request. */
    public static final SessionShapes DEFAULT = new SessionShapes(4096,
            new ProfileState(10, 1024, ProfileState.ValueShape.BYTES, 0.2));

    public SessionShapes {
        Objects.requireNonNull(profile, "profile");
        if (counterPayloadBytes < 0) {
            throw new IllegalArgumentException("counterPayloadBytes: got " + counterPayloadBytes
                    + ", expected 0 or more");
        }
    }

    /** The state model of the app that keeps sessions of {@code kind}. */
    public AppState of(SessionKind kind) {
        return switch (kind) {
            case COUNTER -> new CounterState(counterPayloadBytes);
            case CART -> new CartState();
            case PROFILE -> profile;
            case BEAN -> new BeanState();
        };
    }
}
