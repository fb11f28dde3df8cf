package io.replsim.scenario.capacity;

import io.replsim.loadgen.NodeEndpoint;
import io.replsim.loadgen.exchange.TargetProtocol;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A cluster that runs elsewhere, which the search drives instead of starting one: its nodes (one URL each, named by
 * the routes of its session cookies), the path of its counter-like app, how its answers speak, and the command
 * that kills one of its nodes for {@code --one-node-down}.
 *
 * @param killCommand a shell command run with {@code {node}} and {@code {url}} replaced by the node's name and URL
 *                    (also in the environment as {@code REPLSIM_NODE} and {@code REPLSIM_URL})
 */
public record ExternalTarget(List<NodeEndpoint> nodes, String path, TargetProtocol protocol,
                             Optional<String> killCommand) {

    public ExternalTarget {
        nodes = List.copyOf(nodes);
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(killCommand, "killCommand");
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("an external target needs at least one --target URL");
        }
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("--path: got \"" + path + "\", expected a path starting with /,"
                    + " such as /counter");
        }
    }
}
