package io.replsim.scenario.runtime;

import java.nio.file.Path;
import java.util.List;

/**
 * A node JVM's flight recording ({@code cluster.jfr}): the JDK's {@code profile} settings, written when the JVM
 * exits to {@code <node>-<pid>.jfr} beside its log, the pid telling a restarted node's recordings apart. A JVM
 * killed by SIGKILL writes none: its in-progress chunk stays locked, unreadable.
 */
public final class NodeFlightRecording {
    /** The JDK's own settings every recording of a run takes, the driver's included. */
    public static final String SETTINGS = "profile";

    private NodeFlightRecording() {
    }

    /** The options that make {@code node}'s JVM record into {@code directory}. */
    public static List<String> jvmOptions(Path directory, String node) {
        return List.of("-XX:StartFlightRecording=settings=" + SETTINGS + ",dumponexit=true,filename="
                + directory.resolve(filePrefix(node) + "%p.jfr").toAbsolutePath());
    }

    /** The recording {@code node}'s JVM of process id {@code pid} writes into {@code directory}. */
    public static Path file(Path directory, String node, long pid) {
        return directory.resolve(filePrefix(node) + pid + ".jfr");
    }

    /** The name's start that {@code node}'s recordings carry, whatever its process id. */
    public static String filePrefix(String node) {
        return node + "-";
    }
}
