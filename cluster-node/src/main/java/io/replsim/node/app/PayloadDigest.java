package io.replsim.node.app;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** The first 16 hex characters of SHA-256(payload): lets the driver see a payload survive a failover unchanged. */
public final class PayloadDigest {
    private static final int HEX_CHARS = 16;

    private PayloadDigest() {
    }

    public static String of(byte[] payload) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(payload);
            return HexFormat.of().formatHex(hash, 0, HEX_CHARS / 2);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
