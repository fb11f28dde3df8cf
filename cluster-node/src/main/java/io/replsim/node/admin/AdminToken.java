package io.replsim.node.admin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

/** The shared secret of the admin API, from the environment so that {@code ps} never shows it. */
public final class AdminToken {
    public static final String ENVIRONMENT_VARIABLE = "REPLSIM_ADMIN_TOKEN";

    private final byte[] secret;

    public AdminToken(String secret) {
        if (secret == null || secret.isBlank()) {
            throw new IllegalArgumentException("the admin token must not be empty");
        }
        this.secret = secret.getBytes(StandardCharsets.UTF_8);
    }

    public static Optional<AdminToken> fromEnvironment() {
        String value = System.getenv(ENVIRONMENT_VARIABLE);
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(new AdminToken(value));
    }

    /** Constant-time, so response timing does not reveal how much of a guess was right. */
    public boolean matches(String candidate) {
        if (candidate == null) {
            return false;
        }
        return MessageDigest.isEqual(secret, candidate.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "AdminToken[****]";
    }
}
