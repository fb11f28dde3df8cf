package io.replsim.scenario.runtime;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Which of the JVM's just-in-time compilers a node JVM runs. A replsim run keeps the JVM's own tiers (C1, then C2
 * for what stays hot), as an application server in production does; the test suite's nodes, which live for seconds,
 * spent most of their CPU in C2 compiling code they would not run long enough to gain from, and run on C1 alone
 * (docs/measurements/suite.md).
 */
public enum NodeCompiler {
    /** The JVM's own: C1, then C2. */
    TIERED("tiered", List.of()),
    /** C1 alone: code compiled sooner and for less CPU, and slower once hot. */
    C1_ONLY("c1-only", List.of("-XX:TieredStopAtLevel=1"));

    private final String label;
    private final List<String> jvmOptions;

    NodeCompiler(String label, List<String> jvmOptions) {
        this.label = label;
        this.jvmOptions = jvmOptions;
    }

    public List<String> jvmOptions() {
        return jvmOptions;
    }

    public String label() {
        return label;
    }

    /** {@code tiered} or {@code c1-only}; anything else refused, naming where it came from and what it may be. */
    public static NodeCompiler of(String label, String where) {
        return Arrays.stream(values()).filter(compiler -> compiler.label.equals(label.trim().toLowerCase(Locale.ROOT)))
                .findFirst().orElseThrow(() -> new IllegalArgumentException(where + " is '" + label + "': a node's"
                        + " compiler is one of " + Arrays.stream(values()).map(NodeCompiler::label)
                        .collect(Collectors.joining(", "))));
    }
}
