package io.replsim.scenario.runtime;

import java.io.IOException;
import java.util.List;

/**
 * The engine as a swarm of one node, made here when it is in none ({@code docker swarm init} on loopback, so its
 * manager port listens on 127.0.0.1 alone), and left again at the close only when it was made here, with the
 * docker_gwbridge network the init made (leaving removes the ingress network, not that one): an engine that was in a
 * swarm already stays in it.
 */
final class OneNodeSwarm implements AutoCloseable {
    private static final String GATEWAY_BRIDGE = "docker_gwbridge";

    private final DockerCli docker;
    private final boolean made;
    private final boolean madeBridge;

    private OneNodeSwarm(DockerCli docker, boolean made, boolean madeBridge) {
        this.docker = docker;
        this.made = made;
        this.madeBridge = madeBridge;
    }

    /** {@code inactive}, {@code active}, ...: the engine's {@code Swarm.LocalNodeState}. */
    static String state(DockerCli docker) throws IOException, InterruptedException {
        return docker.run("info", "--format", "{{.Swarm.LocalNodeState}}").strip();
    }

    static OneNodeSwarm here(DockerCli docker) throws IOException, InterruptedException {
        if (state(docker).equals("active")) {
            return new OneNodeSwarm(docker, false, false);
        }
        boolean bridgeBefore = networks(docker).contains(GATEWAY_BRIDGE);
        docker.run("swarm", "init", "--advertise-addr", "127.0.0.1", "--listen-addr", "127.0.0.1:2377");
        return new OneNodeSwarm(docker, true, !bridgeBefore);
    }

    /** The engine's networks by name. */
    static List<String> networks(DockerCli docker) throws IOException, InterruptedException {
        return docker.lines("network", "ls", "--format", "{{.Name}}");
    }

    /**
     * The engine's networks by name but the docker runtime's runs' (each removed by its own run, which its test
     * checks): the container tests run in two JVMs side by side, and the other's run may make or remove one meanwhile.
     * One listing, each name with its runtime label: listed twice (the runs', then all), a run's network made between
     * the two counted as the engine's, and the test then missed it when the run had removed it.
     */
    static List<String> networksBesideRuns(DockerCli docker) throws IOException, InterruptedException {
        return docker.lines("network", "ls", "--format",
                        "{{.Name}} {{.Label \"" + DockerRuntime.LABEL_RUNTIME + "\"}}").stream()
                .map(line -> line.split(" ", 2))
                .filter(nameAndLabel -> nameAndLabel.length < 2 || !nameAndLabel[1].equals("docker"))
                .map(nameAndLabel -> nameAndLabel[0]).toList();
    }

    @Override
    public void close() throws IOException, InterruptedException {
        if (made) {
            docker.run("swarm", "leave", "--force");
        }
        if (madeBridge && networks(docker).contains(GATEWAY_BRIDGE)) {
            docker.run("network", "rm", GATEWAY_BRIDGE);
        }
    }
}
