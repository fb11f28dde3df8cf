package io.replsim.scenario.runtime;

import com.github.dockerjava.api.command.InspectContainerResponse;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.testcontainers.containers.GenericContainer;

/** What {@code docker inspect} says of a node's container: running, paused or exited, and the networks it is on. */
final class ContainerReadBack {

    private ContainerReadBack() {
    }

    static NodeState state(GenericContainer<?> container) {
        String id = container.getContainerId();
        String instance = "container " + id.substring(0, Math.min(12, id.length()));
        InspectContainerResponse.ContainerState state;
        try {
            state = container.getDockerClient().inspectContainerCmd(id).exec().getState();
        } catch (RuntimeException e) {
            return new NodeState.NotRead("docker inspect " + instance + " failed: " + e.getMessage());
        }
        if (Boolean.TRUE.equals(state.getPaused())) {
            return new NodeState.Frozen(instance, instance + " paused (docker inspect)");
        }
        if (Boolean.TRUE.equals(state.getRunning())) {
            return new NodeState.Up(instance, instance + " running (docker inspect)");
        }
        return new NodeState.Down(instance, instance + " " + state.getStatus() + ", exit code "
                + Optional.ofNullable(state.getExitCodeLong()).map(code -> ProcessWatch.exitStatus(code.intValue()))
                        .orElse("unknown") + (Boolean.TRUE.equals(state.getOOMKilled()) ? ", OOM-killed" : "")
                + " (docker inspect)");
    }

    /** Whether the container has an interface on the network of that id. */
    static boolean onNetwork(GenericContainer<?> container, String networkId) {
        Map<String, com.github.dockerjava.api.model.ContainerNetwork> networks = container.getDockerClient()
                .inspectContainerCmd(container.getContainerId()).exec().getNetworkSettings().getNetworks();
        return networks != null && networks.values().stream()
                .anyMatch(network -> Objects.equals(network.getNetworkID(), networkId));
    }
}
