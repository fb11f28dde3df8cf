package io.replsim.scenario.external;

import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.scenario.fault.UserNodes;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The nodes of a cluster replsim does not run, as the user named them, and which of them are up as far as the
 * drill knows: down after its kill command succeeded, up again after its restart command did. Nothing is read
 * from the nodes themselves; the load driver finds out what really answers on its own.
 */
public final class ExternalNodes {
    private final List<NodeEndpoint> nodes;
    private final Set<String> down = ConcurrentHashMap.newKeySet();

    public ExternalNodes(List<NodeEndpoint> nodes) {
        this.nodes = List.copyOf(nodes);
        if (this.nodes.isEmpty()) {
            throw new IllegalArgumentException("an external cluster has at least one node");
        }
        if (names().stream().distinct().count() != this.nodes.size()) {
            throw new IllegalArgumentException("two external nodes share a name: " + names());
        }
    }

    /** Every node's name, in the order the user gave them. */
    public List<String> names() {
        return nodes.stream().map(NodeEndpoint::name).toList();
    }

    /** The nodes not known to be down, in the order given. */
    public List<String> up() {
        return names().stream().filter(name -> !down.contains(name)).toList();
    }

    /** Whether the node is not known to be down; fails for a name that is no target. */
    public boolean isUp(String name) {
        endpoint(name);
        return !down.contains(name);
    }

    /** The node of that name; fails with the names there are when there is none. */
    public NodeEndpoint endpoint(String name) {
        return nodes.stream().filter(node -> node.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no --target is named " + name + "; the targets are "
                        + names()));
    }

    public void markDown(String name) {
        endpoint(name);
        down.add(name);
    }

    public void markUp(String name) {
        endpoint(name);
        down.remove(name);
    }

    /**
     * The up node the driver's router sends the most of {@code users} users to (users count from 0); ties go to
     * the first in the order given, so a drill is repeatable. Empty when no user has been served by an up node.
     */
    public Optional<String> servingMost(UserNodes serving, int users) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        up().forEach(name -> counts.put(name, 0));
        for (int user = 0; user < users; user++) {
            serving.nodeServing(user).filter(counts::containsKey).ifPresent(node -> counts.merge(node, 1, Integer::sum));
        }
        String most = null;
        int best = 0;
        for (var entry : counts.entrySet()) {
            if (entry.getValue() > best) {
                most = entry.getKey();
                best = entry.getValue();
            }
        }
        return Optional.ofNullable(most);
    }
}
