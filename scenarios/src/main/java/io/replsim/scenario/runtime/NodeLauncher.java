package io.replsim.scenario.runtime;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How to start a node JVM: which java, which classpath, and from which start-up cache. By default the java and
 * classpath this JVM runs with, and the cache the launcher names in {@value #START_CACHE_PROPERTY} when it exists.
 */
public record NodeLauncher(Path java, String classpath, NodeStartCache startCache) {

    /** Set by the {@code replsim} launcher to the cache it trained after the build. */
    public static final String START_CACHE_PROPERTY = "replsim.nodeStartCache";

    public NodeLauncher(Path java, String classpath) {
        this(java, classpath, new NodeStartCache.Off());
    }

    public static NodeLauncher currentJvm() {
        Path java = ProcessHandle.current().info().command().map(Path::of)
                .orElseGet(() -> Path.of(System.getProperty("java.home"), "bin", "java"));
        String cache = System.getProperty(START_CACHE_PROPERTY, "");
        NodeStartCache startCache = !cache.isBlank() && Files.isRegularFile(Path.of(cache))
                ? new NodeStartCache.Use(Path.of(cache)) : new NodeStartCache.Off();
        return new NodeLauncher(java, System.getProperty("java.class.path"), startCache);
    }

    public NodeLauncher withStartCache(NodeStartCache cache) {
        return new NodeLauncher(java, classpath, cache);
    }
}
