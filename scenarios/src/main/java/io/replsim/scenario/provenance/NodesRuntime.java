package io.replsim.scenario.provenance;

import java.util.List;

/**
 * Where a figure's nodes ran: the runtime ({@code process}, {@code in-jvm}, {@code docker}, {@code tomcat},
 * {@code --target}) and the JDK the nodes ran on (not measured for a cluster replsim does not run).
 */
public record NodesRuntime(String runtime, Jdk jdk) {

    /**
     * Where several runs' nodes ran (a comparison's): theirs when they all agree, else every one that differs, in
     * the runs' order; not measured when no run started its nodes.
     */
    public static NodesRuntime ofRuns(List<NodesRuntime> runs) {
        List<NodesRuntime> distinct = runs.stream().distinct().toList();
        if (distinct.isEmpty()) {
            return new NodesRuntime("none: no run started", Jdk.notMeasured("no run started"));
        }
        if (distinct.size() == 1) {
            return distinct.getFirst();
        }
        return new NodesRuntime(String.join(" / ", distinct.stream().map(NodesRuntime::runtime).distinct().toList()),
                new Jdk(String.join(" / ", distinct.stream().map(run -> run.jdk().version()).distinct().toList()),
                        String.join(" / ", distinct.stream().map(run -> run.jdk().vendor()).distinct().toList())));
    }
}
