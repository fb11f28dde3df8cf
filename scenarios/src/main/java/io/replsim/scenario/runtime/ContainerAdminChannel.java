package io.replsim.scenario.runtime;

import java.io.IOException;
import org.testcontainers.containers.Container;
import org.testcontainers.containers.GenericContainer;

/**
 * The admin API of a node in a container, reached from inside it: the API stays on the container's loopback and
 * no admin port is published. The token never appears on a command line; the shell reads it from the container's
 * environment.
 */
final class ContainerAdminChannel implements AdminChannel {
    private final GenericContainer<?> container;
    private final int adminPort;

    ContainerAdminChannel(GenericContainer<?> container, int adminPort) {
        this.container = container;
        this.adminPort = adminPort;
    }

    @Override
    public String get(String path) throws IOException, InterruptedException {
        if (!path.matches("/[A-Za-z0-9/_-]*")) {
            throw new IllegalArgumentException("not an admin path: " + path);
        }
        Container.ExecResult result;
        try {
            // This busybox's wget has no timeout of its own; a frozen node must not hang the runner.
            result = container.execInContainer("sh", "-c", "busybox timeout 3 wget -q -O - --header "
                    + "\"Authorization: Bearer $REPLSIM_ADMIN_TOKEN\" http://127.0.0.1:" + adminPort + path);
        } catch (RuntimeException e) {
            throw new IOException("docker exec in " + container.getContainerName() + " failed: " + e.getMessage(), e);
        }
        if (result.getExitCode() != 0) {
            throw new IOException("wget " + path + " in the container exited " + result.getExitCode() + ": "
                    + result.getStderr().strip());
        }
        return result.getStdout();
    }
}
