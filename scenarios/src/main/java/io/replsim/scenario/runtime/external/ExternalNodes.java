package io.replsim.scenario.runtime.external;

import io.replsim.loadgen.exchange.NodeEndpoint;
import java.util.List;
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
}
