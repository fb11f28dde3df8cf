package io.replsim.replication.session;

import io.replsim.replication.SessionId;

import java.security.SecureRandom;
import java.util.Base64;

/** Unguessable session ids: 144 random bits, URL-safe Base64, so they never contain the route's '.'. */
public final class SessionIdGenerator {
    private static final int RANDOM_BYTES = 18;

    private final SecureRandom random = new SecureRandom();
    private final Base64.Encoder encoder = Base64.getUrlEncoder().withoutPadding();

    public SessionId next() {
        byte[] bytes = new byte[RANDOM_BYTES];
        random.nextBytes(bytes);
        return new SessionId(encoder.encodeToString(bytes));
    }
}
