package io.replsim.scenario.runtime;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A stack deployed on the swarm from a stack file with the locally built image ({@code --resolve-image never}: no
 * registry is asked), removed at the close with everything Swarm made for it.
 */
final class SwarmStack implements AutoCloseable {
    private static final Duration GONE_WITHIN = Duration.ofSeconds(60);

    private final DockerCli docker;
    private final String name;

    private SwarmStack(DockerCli docker, String name) {
        this.docker = docker;
        this.name = name;
    }

    /** {@code docker}: with the environment the file's variables need. */
    static SwarmStack deploy(DockerCli docker, Path file, String name) throws IOException, InterruptedException {
        SwarmStack stack = new SwarmStack(docker, name);
        try {
            docker.run("stack", "deploy", "--resolve-image", "never", "-c", file.toString(), name);
        } catch (IOException e) {
            stack.close();
            throw e;
        }
        return stack;
    }

    /** The stack's command for {@code node}'s kill or its fresh task's wait, through docker/swarm-node.sh. */
    String nodeCommand(Path script, String action) {
        return "'" + script + "' " + action + " " + name + " {node}";
    }

    /** Every container of the node's service, running or ended: one per task Swarm started for it. */
    List<String> containersOf(String node) throws IOException, InterruptedException {
        return docker.lines("ps", "-a", "-q", "--filter", "label=com.docker.swarm.service.name=" + name + "_" + node);
    }

    /** What is left of the stack: its services, containers, networks and secrets, each as "kind id". */
    List<String> leftBehind() throws IOException, InterruptedException {
        return leftBehind(docker, name);
    }

    /** What is left of the stack {@code name}, also once it is closed. */
    static List<String> leftBehind(DockerCli docker, String name) throws IOException, InterruptedException {
        String label = "label=com.docker.stack.namespace=" + name;
        List<String> left = new ArrayList<>();
        if (!OneNodeSwarm.state(docker).equals("inactive")) {
            docker.lines("service", "ls", "-q", "--filter", label).forEach(id -> left.add("service " + id));
            docker.lines("secret", "ls", "-q", "--filter", label).forEach(id -> left.add("secret " + id));
        }
        // by name too (<stack>_<service>.<slot>.<task>), should a task's container not carry the stack's label
        docker.lines("ps", "-a", "-q", "--filter", "name=" + name + "_").forEach(id -> left.add("container " + id));
        docker.lines("network", "ls", "-q", "--filter", label).forEach(id -> left.add("network " + id));
        return left;
    }

    /** Removes the stack and waits (bounded) until its containers and networks are gone too. */
    @Override
    public void close() throws IOException, InterruptedException {
        docker.run("stack", "rm", name);
        await().atMost(GONE_WITHIN).pollInterval(Duration.ofMillis(500)).ignoreExceptions()
                .until(() -> leftBehind().isEmpty());
    }
}
