package io.replsim.scenario.spec;

import com.fasterxml.jackson.databind.JsonNode;
import io.replsim.node.settings.ReplicationSettings;
import io.replsim.replication.BuddyPools;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads the {@code replication} section with the node's own replication settings ({@link ReplicationSettings}): the
 * same grammar, rules and defaults (full synchronous replication) the node's command line has. What only a file
 * writes is read here: buddy pools as a list of lists of node names, each checked against the cluster's size.
 */
final class ReplicationReader {

    static final List<String> FIELDS = SectionSettings.fieldsOf(ReplicationSettings.GROUP);

    private static final Pattern NODE_NAME = Pattern.compile("node[1-9][0-9]?");
    private static final String POOLS_EXPECTED =
            "a list of pools, each a list of node names, such as [[node1, node2], [node3, node4]]";
    private static final String POOL_EXPECTED = "a list of node names, such as [node1, node2]";
    private static final String NODE_EXPECTED = "a node name, node1 to node16";

    private ReplicationReader() {
    }

    /**
     * @param clusterNodes the cluster's size when its section was valid: buddy pools may name only its nodes
     */
    static ReplicationSpec read(MapReader replication, Optional<Integer> clusterNodes) {
        SectionSettings in = SectionSettings.of(replication, ReplicationSettings.GROUP)
                .reading(ReplicationSettings.BUDDY_POOLS, section -> section.list("buddyPools", POOLS_EXPECTED)
                        .optional()
                        .flatMap(items -> pools(items, section.pathOf("buddyPools"), section, clusterNodes)));
        return ReplicationSettings.GROUP.read(in, ReplicationSpec.fullSync());
    }

    private static int number(String nodeName) {
        return Integer.parseInt(nodeName.substring("node".length()));
    }

    /** Every pool and name is checked, so one pass reports every bad entry at its own path. */
    private static Optional<BuddyPools> pools(List<JsonNode> items, String path, MapReader replication,
                                              Optional<Integer> clusterNodes) {
        List<Set<NodeId>> pools = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        boolean valid = true;
        for (int p = 0; p < items.size(); p++) {
            JsonNode pool = items.get(p);
            String poolPath = path + "[" + p + "]";
            if (!pool.isArray() || pool.isEmpty()) {
                replication.problemAt(poolPath, pool, POOL_EXPECTED);
                valid = false;
                continue;
            }
            Set<NodeId> members = new LinkedHashSet<>();
            for (int m = 0; m < pool.size(); m++) {
                JsonNode name = pool.get(m);
                String namePath = poolPath + "[" + m + "]";
                if (!name.isTextual() || !NODE_NAME.matcher(name.asText()).matches()) {
                    replication.problemAt(namePath, name, NODE_EXPECTED);
                    valid = false;
                } else if (clusterNodes.filter(nodes -> number(name.asText()) > nodes).isPresent()) {
                    int nodes = clusterNodes.orElseThrow();
                    replication.problemAt(namePath, name, "a node of this cluster, node1 to node" + nodes
                            + " (cluster.nodes is " + nodes + ")");
                    valid = false;
                } else if (!seen.add(name.asText())) {
                    replication.problemAt(namePath, name, "a node in one pool only; " + name.asText()
                            + " is already in an earlier pool or earlier in this one");
                    valid = false;
                } else {
                    members.add(new NodeId(name.asText()));
                }
            }
            pools.add(members);
        }
        return valid ? Optional.of(new BuddyPools(pools)) : Optional.empty();
    }
}
