package io.replsim.loadgen.check.state;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The state digest one user's session must answer with at a given serial: SHA-256 over the canonical form of every
 * attribute in name order (docs/interfaces.md §2, "The state digest"), first 16 hex characters. Keeps each
 * attribute's canonical bytes while its version lasts, so an answer costs hashing the session, not making it
 * again. One per user session; not thread-safe.
 */
public final class ExpectedState {
    private static final int HEX_CHARS = 16;

    private final AppState app;
    private String session;
    private final Map<String, Encoded> encoded = new HashMap<>();

    private record Encoded(long version, byte[] bytes) {
    }

    public ExpectedState(AppState app) {
        this.app = app;
    }

    /** The digest the node must answer for {@code session} at {@code serial}. */
    public String digestAt(String session, long serial) {
        if (!session.equals(this.session)) {
            this.session = session;
            encoded.clear();
        }
        List<AppState.Written> attributes = app.at(session, serial).stream()
                .sorted(Comparator.comparing(AppState.Written::name)).toList();
        MessageDigest sha = sha256();
        for (AppState.Written attribute : attributes) {
            Encoded held = encoded.get(attribute.name());
            if (held == null || held.version() != attribute.version()) {
                held = new Encoded(attribute.version(),
                        CanonicalForm.attribute(attribute.name(), attribute.value().get()));
                encoded.put(attribute.name(), held);
            }
            sha.update(held.bytes());
        }
        return HexFormat.of().formatHex(sha.digest(), 0, HEX_CHARS / 2);
    }

    /** The digest of any attributes, for the document's test vectors. */
    static String digestOf(Map<String, Object> attributes) {
        MessageDigest sha = sha256();
        new TreeMap<>(attributes).forEach((name, value) -> sha.update(CanonicalForm.attribute(name, value)));
        return HexFormat.of().formatHex(sha.digest(), 0, HEX_CHARS / 2);
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
