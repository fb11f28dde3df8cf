package io.replsim.scenario.runtime;

import java.nio.file.Path;

/**
 * How to start a node JVM: which java, which classpath, from which start-up cache, and with which compilers. By
 * default the java and classpath this JVM runs with, the cache the launcher names in {@value #START_CACHE_PROPERTY}
 * (used when it exists, recorded by a cluster's nodes when it does not), and the compiler named in
 * {@value #COMPILER_PROPERTY}, the JVM's own tiers when it names none.
 */
public record NodeLauncher(Path java, String classpath, NodeStartCache startCache, NodeCompiler compiler) {

    /** Set by the {@code replsim} launcher (JDK 25 or newer) to where the cache of this build is or goes. */
    public static final String START_CACHE_PROPERTY = "replsim.nodeStartCache";
    /**
     * The node JVMs' class path when it is not this JVM's: the test suite's nodes start from a cache trained on its
     * jars alone, since an AOT cache covers no directory and this JVM's class path holds the test classes'.
     */
    public static final String NODE_CLASSPATH_PROPERTY = "replsim.nodeClasspath";

    /** {@code tiered} (the default) or {@code c1-only}: the test suite's nodes run on C1 alone (scenarios/pom.xml). */
    public static final String COMPILER_PROPERTY = "replsim.nodeCompiler";

    public NodeLauncher(Path java, String classpath) {
        this(java, classpath, new NodeStartCache.Off(), compilerOfThisJvm());
    }

    public static NodeLauncher currentJvm() {
        Path java = ProcessHandle.current().info().command().map(Path::of)
                .orElseGet(() -> Path.of(System.getProperty("java.home"), "bin", "java"));
        String cache = System.getProperty(START_CACHE_PROPERTY, "");
        // The node JVMs are this JVM's java: below JDK 25 it has no AOT cache and would refuse the options.
        NodeStartCache startCache = cache.isBlank() || Runtime.version().feature() < 25 ? new NodeStartCache.Off()
                : new NodeStartCache.UseOrRecord(Path.of(cache).toAbsolutePath());
        String classpath = System.getProperty(NODE_CLASSPATH_PROPERTY, "");
        return new NodeLauncher(java, classpath.isBlank() ? System.getProperty("java.class.path") : classpath,
                startCache, compilerOfThisJvm());
    }

    public NodeLauncher withStartCache(NodeStartCache cache) {
        return new NodeLauncher(java, classpath, cache, compiler);
    }

    private static NodeCompiler compilerOfThisJvm() {
        String named = System.getProperty(COMPILER_PROPERTY, "");
        return named.isBlank() ? NodeCompiler.TIERED : NodeCompiler.of(named, "-D" + COMPILER_PROPERTY);
    }
}
