package io.replsim.probe;

import java.io.Serializable;
import java.util.Map;

/**
 * The state of a stateful-bean-like object kept in the session as one attribute, {@code bean}: an identity derived
 * from the session id and a count. Replicated by the server's own serialization, as an application's object is;
 * digested as the map {@code {identity, count}}, like replsim's bean app (docs/interfaces.md §2c), so the driver's
 * bean model judges both.
 */
record ProbeBean(byte[] identity, long count) implements Serializable {
    private static final long serialVersionUID = 1L;
    static final int IDENTITY_BYTES = 32;

    static ProbeBean fresh(String session) {
        return new ProbeBean(DerivedBytes.of(session, "identity", 0, IDENTITY_BYTES), 1);
    }

    ProbeBean incremented() {
        return new ProbeBean(identity, count + 1);
    }

    Map<String, Object> asMap() {
        return Map.of("identity", identity, "count", count);
    }
}
