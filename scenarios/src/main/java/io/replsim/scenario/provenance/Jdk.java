package io.replsim.scenario.provenance;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * A JDK as a figure's provenance names it: its full version ({@code 25.0.3+9-LTS}) and its vendor
 * ({@code Eclipse Adoptium}).
 */
public record Jdk(String version, String vendor) {

    private static final String NOT_MEASURED = "not measured";

    /** What is said of a JDK that was not read: a cluster replsim does not run. */
    public static Jdk notMeasured(String why) {
        return new Jdk(NOT_MEASURED + " (" + why + ")", NOT_MEASURED);
    }

    /** The JDK this JVM runs on. */
    public static Jdk thisJvm() {
        return new Jdk(Runtime.version().toString(), System.getProperty("java.vendor", "unknown"));
    }

    /**
     * The JDK of the {@code java} executable a node is started with, from the {@code release} file of its home
     * (JAVA_RUNTIME_VERSION and IMPLEMENTOR, which are what that JVM reports as its version and vendor), read
     * without starting it.
     */
    public static Jdk ofJava(Path java) {
        Path real;
        try {
            real = java.toRealPath();
        } catch (IOException e) {
            return unknown(java + " cannot be read: " + e.getMessage());
        }
        Path home = real.getParent() == null ? null : real.getParent().getParent();
        return home == null ? unknown(java + " is not in a JDK's bin/") : ofHome(home);
    }

    /** The JDK installed at {@code home}, from its {@code release} file. */
    public static Jdk ofHome(Path home) {
        Path release = home.resolve("release");
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(release)) {
            properties.load(in);
        } catch (IOException e) {
            return unknown("no release file at " + release);
        }
        Optional<String> version = value(properties, "JAVA_RUNTIME_VERSION")
                .or(() -> value(properties, "JAVA_VERSION"));
        if (version.isEmpty()) {
            return unknown(release + " names no JAVA_RUNTIME_VERSION or JAVA_VERSION");
        }
        return new Jdk(version.get(), value(properties, "IMPLEMENTOR").orElse("unknown"));
    }

    private static Jdk unknown(String why) {
        return new Jdk("unknown (" + why + ")", "unknown");
    }

    /** A release file's value without its quotes; empty when absent or blank. */
    private static Optional<String> value(Properties properties, String key) {
        String raw = properties.getProperty(key, "").strip();
        if (raw.length() >= 2 && raw.startsWith("\"") && raw.endsWith("\"")) {
            raw = raw.substring(1, raw.length() - 1);
        }
        return raw.isBlank() ? Optional.empty() : Optional.of(raw);
    }

    /** {@code 25.0.3+9-LTS (Eclipse Adoptium)}, or {@code not measured (why)}. */
    public String describe() {
        return vendor.equals(NOT_MEASURED) ? version : version + " (" + vendor + ")";
    }
}
