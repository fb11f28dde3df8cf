package io.replsim.scenario.spec;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads the {@code faults} list and checks each fault against the rest of the scenario: it must fire before the
 * load ends, name a node the cluster has, and leave at least one node alive to take over the sessions.
 */
final class FaultReader {

    static final String EXPECTED = "a list of faults, such as - {type: kill, at: 20s, target: primary-of-most}";

    // Only kill exists so far; when other types come, the type decides which other fields a fault may have.
    private static final List<String> KILL_FIELDS = List.of("type", "at", "target");
    private static final String KILL = "kill";
    private static final String PRIMARY_OF_MOST = "primary-of-most";

    private final Optional<ClusterSpec> cluster;
    private final Optional<Duration> loadDuration;
    private final Problems problems;

    FaultReader(Optional<ClusterSpec> cluster, Optional<Duration> loadDuration, Problems problems) {
        this.cluster = cluster;
        this.loadDuration = loadDuration;
        this.problems = problems;
    }

    /** The valid faults; every problem with the others is reported. */
    List<FaultSpec> read(List<JsonNode> items, String listPath) {
        List<FaultSpec> faults = new ArrayList<>();
        int kills = 0;
        for (int index = 0; index < items.size(); index++) {
            String path = listPath + "[" + index + "]";
            JsonNode item = items.get(index);
            Optional<MapReader> fault = MapReader.of(item, path, KILL_FIELDS, problems);
            if (fault.isEmpty()) {
                continue;
            }
            Optional<String> type = fault.get().text("type", "a fault type, one of: " + KILL)
                    .must(KILL::equals, "a fault type, one of: " + KILL)
                    .required();
            if (type.isEmpty()) {
                continue;
            }
            kills++;
            checkSomeNodeSurvives(kills, item, path);
            readKill(fault.get()).ifPresent(faults::add);
        }
        return faults;
    }

    private Optional<FaultSpec> readKill(MapReader kill) {
        String expectedAt = "a time before the end of the load"
                + loadDuration.map(length -> ", load.duration" + LoadReader.inBrackets(length)).orElse("")
                + ", counted from the start of the load";
        Optional<Duration> at = kill.duration("at")
                .must(time -> loadDuration.map(length -> time.compareTo(length) < 0).orElse(true), expectedAt)
                .required();
        Optional<NodeSelector> target = kill.text("target", expectedTarget())
                .must(this::isTarget, expectedTarget())
                .required()
                .map(FaultReader::selector);
        return at.flatMap(time -> target.map(node -> new KillSpec(time, node)));
    }

    private void checkSomeNodeSurvives(int kills, JsonNode item, String path) {
        cluster.map(ClusterSpec::nodes).filter(nodes -> kills >= nodes).ifPresent(nodes ->
                problems.add(path, WrittenValue.of(item), nodes == 1
                        ? "a cluster of at least 2 nodes for a kill (cluster.nodes is 1):"
                                + " nothing would survive to take over the sessions"
                        : "at most " + (nodes - 1) + (nodes == 2 ? " kill" : " kills") + " with cluster.nodes " + nodes
                                + ": one node must survive to take over the sessions"));
    }

    private boolean isTarget(String text) {
        return text.equals(PRIMARY_OF_MOST)
                || cluster.map(spec -> spec.nodeNames().contains(text)).orElse(true);
    }

    private String expectedTarget() {
        return PRIMARY_OF_MOST + " or a node name, "
                + cluster.map(spec -> "one of: " + String.join(", ", spec.nodeNames())).orElse("such as node1");
    }

    private static NodeSelector selector(String target) {
        return target.equals(PRIMARY_OF_MOST) ? new NodeSelector.PrimaryOfMost() : new NodeSelector.Named(target);
    }
}
