package io.replsim.loadgen.check.state;

import io.replsim.loadgen.script.RequestType.SessionKind;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How the nodes' apps are configured, which the driver needs to know what state its requests build: the counter's
 * payload size and the profile's shape (the node's {@code --payload-bytes} and {@code --profile-*} options). The
 * cart and the bean have nothing to configure. And how long the nodes keep an idle session (their
 * {@code --max-inactive-interval}; empty: forever), and what tells the driver they expired a session
 * ({@link ExpiryEvidence}: the node's word for replsim's nodes, the default), so a session gone after a longer pause
 * is judged EXPIRED, not LOST.
 */
public record SessionShapes(int counterPayloadBytes, ProfileState profile, Optional<Duration> maxInactiveInterval,
                            ExpiryEvidence expiryEvidence) {

    /** The nodes' defaults: a 4 KB payload; 10 profile attributes of 1 KB bytes, a fifth changed per request. */
    public static final SessionShapes DEFAULT = new SessionShapes(4096,
            new ProfileState(10, 1024, ProfileState.ValueShape.BYTES, 0.2));

    /** Sessions that never expire. */
    public SessionShapes(int counterPayloadBytes, ProfileState profile) {
        this(counterPayloadBytes, profile, Optional.empty(), ExpiryEvidence.NODE_SAYS);
    }

    public SessionShapes withMaxInactiveInterval(Optional<Duration> interval) {
        return new SessionShapes(counterPayloadBytes, profile, interval, expiryEvidence);
    }

    /** The same, for nodes that cannot say a session expired: the driver judges by the user's idle time. */
    public SessionShapes judgedByIdleTime() {
        return new SessionShapes(counterPayloadBytes, profile, maxInactiveInterval, ExpiryEvidence.IDLE_TIME);
    }

    public SessionShapes {
        Objects.requireNonNull(maxInactiveInterval, "maxInactiveInterval");
        Objects.requireNonNull(expiryEvidence, "expiryEvidence");
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
