package io.replsim.scenario.runtime.external;

import io.replsim.loadgen.check.state.ProbePath;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.SerialSource;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.loadgen.script.RequestType;
import io.replsim.scenario.spec.WorkloadSpec;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A cluster that runs elsewhere, which replsim drives instead of starting one: its nodes (one URL each, named by
 * the routes of its session cookies), the path of its counter-like app, how its answers speak, and the commands
 * that kill a node and start it again, since replsim cannot reach another cluster's processes itself.
 */
public record ExternalTarget(List<NodeEndpoint> nodes, String path, TargetProtocol protocol,
                             Optional<NodeCommand> kill, Optional<NodeCommand> restart) {

    public ExternalTarget {
        nodes = List.copyOf(nodes);
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(kill, "kill");
        Objects.requireNonNull(restart, "restart");
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("an external target needs at least one --target URL");
        }
        Set<String> names = new HashSet<>();
        for (NodeEndpoint node : nodes) {
            if (!names.add(node.name())) {
                throw new IllegalArgumentException("--target: two targets are named " + node.name() + "; give each"
                        + " node its own name, the route its session cookies carry (" + node.name() + "=URL)");
            }
        }
        if (!path.startsWith("/")) {
            throw new IllegalArgumentException("--path: got \"" + path + "\", expected a path starting with /,"
                    + " such as /counter");
        }
    }

    /** The targets' names, in the order given. */
    public List<String> names() {
        return nodes.stream().map(NodeEndpoint::name).toList();
    }

    /**
     * The same target with its answers judged as what they are: replsim nodes started by hand (the counter's JSON at
     * one of the replsim apps' paths) are held to the state their apps build, configured as the scenario's
     * {@code workload} says, and so are the probe app's pages, whose model is their path; an app that only answers
     * in the counter's JSON at another path is held to a digest that stays the same; any other app has no digest to
     * judge. A {@code --expect} stays with every one of them.
     */
    public ExternalTarget withAppsOf(WorkloadSpec workload) {
        if (!(protocol.serial() instanceof SerialSource.CounterJson)) {
            return this;
        }
        TargetProtocol judged = RequestType.sessionOfPath(path).isPresent() || ProbePath.model(path).isPresent()
                // Not every server there says a session expired: the driver's clock judges (docs/drills.md).
                ? new TargetProtocol(protocol.cookieName(), protocol.serial(),
                        Optional.of(workload.sessionShapes().judgedByIdleTime()), protocol.expect())
                : new TargetProtocol(protocol.cookieName(), protocol.serial(), Optional.empty(), protocol.expect());
        return new ExternalTarget(nodes, path, judged, kill, restart);
    }
}
