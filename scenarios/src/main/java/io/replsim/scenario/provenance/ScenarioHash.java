package io.replsim.scenario.provenance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** A scenario file as it was read: its path as given and the SHA-256 of its bytes, to tell a re-run's file apart. */
public record ScenarioHash(String file, String sha256) {

    /** {@code file} as named, hashed from {@code read}: the bytes that were played (its copy in the run directory). */
    public static ScenarioHash of(Path file, Path read) throws IOException {
        return new ScenarioHash(file.toString(), sha256(Files.readAllBytes(read)));
    }

    /** {@code file} as named, hashed from itself. */
    public static ScenarioHash of(Path file) throws IOException {
        return of(file, file);
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
