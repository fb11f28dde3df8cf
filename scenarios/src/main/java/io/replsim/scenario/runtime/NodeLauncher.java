package io.replsim.scenario.runtime;

import java.nio.file.Path;

/** How to start a node JVM: which java and which classpath. By default the ones this JVM runs with. */
public record NodeLauncher(Path java, String classpath) {

    public static NodeLauncher currentJvm() {
        Path java = ProcessHandle.current().info().command().map(Path::of)
                .orElseGet(() -> Path.of(System.getProperty("java.home"), "bin", "java"));
        return new NodeLauncher(java, System.getProperty("java.class.path"));
    }
}
