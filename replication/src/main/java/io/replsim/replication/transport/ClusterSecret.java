package io.replsim.replication.transport;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import io.replsim.replication.transport.stream.PeerKey;
import io.replsim.replication.transport.wire.FrameKey;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The secret every member of one run shares, and only they: a JGroups join ({@link SecretJoinToken}) and a direct
 * stream's handshake prove it without sending it, and every JGroups frame carries a seal made with it
 * ({@link io.replsim.replication.transport.wire.WireGuard}). Like the admin token it comes from the environment, so
 * {@code ps} never shows it; the runner makes a new one for every run.
 */
public final class ClusterSecret implements PeerKey, FrameKey {
    public static final String ENVIRONMENT_VARIABLE = "REPLSIM_CLUSTER_SECRET";
    /** 16 characters of hex are 64 bits: more than a guesser gets through a join a few hundred times a second. */
    public static final int MIN_LENGTH = 16;
    private static final String MAC_ALGORITHM = "HmacSHA256";
    /** Members of one JVM (in-JVM test clusters, benchmarks) share this one; no other process knows it. */
    private static final ClusterSecret THIS_JVM = generate();

    private final SecretKeySpec key;

    public ClusterSecret(String secret) {
        if (secret == null || secret.strip().length() < MIN_LENGTH) {
            throw new IllegalArgumentException("the cluster secret must have at least " + MIN_LENGTH
                    + " characters, got " + (secret == null ? "none" : secret.strip().length()));
        }
        this.key = new SecretKeySpec(secret.strip().getBytes(StandardCharsets.UTF_8), MAC_ALGORITHM);
    }

    /** 24 random bytes as hex, the way the runner makes the admin token. */
    public static ClusterSecret generate() {
        return new ClusterSecret(newValue());
    }

    /** A fresh secret's text, for a runner to hand to its nodes through {@link #ENVIRONMENT_VARIABLE}. */
    public static String newValue() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    public static ClusterSecret ofThisJvm() {
        return THIS_JVM;
    }

    /** Empty when the variable is unset or blank; throws (with what to do) when it is too short. */
    public static Optional<ClusterSecret> fromEnvironment() {
        String value = System.getenv(ENVIRONMENT_VARIABLE);
        return value == null || value.isBlank() ? Optional.empty() : Optional.of(new ClusterSecret(value));
    }

    @Override
    public Mac newMac() {
        try {
            Mac mac = Mac.getInstance(MAC_ALGORITHM);
            mac.init(key);
            return mac;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no " + MAC_ALGORITHM, e);
        }
    }

    /** HMAC-SHA256 of the parts, each prefixed by its length so that no two different lists give the same input. */
    @Override
    public byte[] mac(byte[]... parts) {
        Mac mac = newMac();
        for (byte[] part : parts) {
            mac.update(new byte[] {(byte) (part.length >>> 24), (byte) (part.length >>> 16),
                    (byte) (part.length >>> 8), (byte) part.length});
            mac.update(part);
        }
        return mac.doFinal();
    }

    /** Whether {@code proof} is {@link #mac} of the parts; constant-time, so timing does not reveal a near guess. */
    @Override
    public boolean verifies(byte[] proof, byte[]... parts) {
        return proof != null && MessageDigest.isEqual(mac(parts), proof);
    }

    @Override
    public String toString() {
        return "ClusterSecret[****]";
    }
}
