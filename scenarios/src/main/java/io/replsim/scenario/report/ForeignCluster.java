package io.replsim.scenario.report;

import java.util.List;

/**
 * What the report adds of a cluster that is not replsim's own nodes (one it does not run, Tomcat members):
 * summary.json's {@code external} section, which says what was driven and what was not measured, and lines the
 * console prints after the report. {@link #OWN_NODES} for replsim's own, which add nothing.
 */
public record ForeignCluster(RunSummary.External external, List<String> lines) {
    public static final ForeignCluster OWN_NODES = new ForeignCluster(null, List.of());

    public ForeignCluster {
        lines = List.copyOf(lines);
    }
}
