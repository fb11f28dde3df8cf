package io.replsim.scenario.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
        requireAdminPath(path);
        // This busybox's wget has no timeout of its own; a frozen node must not hang the runner.
        Container.ExecResult result = exec("sh", "-c", "busybox timeout 3 wget -q -O - --header "
                + "\"Authorization: Bearer $REPLSIM_ADMIN_TOKEN\" http://127.0.0.1:" + adminPort + path);
        if (result.getExitCode() != 0) {
            throw new IOException("wget " + path + " in the container exited " + result.getExitCode() + ": "
                    + result.getStderr().strip());
        }
        return result.getStdout();
    }

    /**
     * wget sends only GET and POST; every other request goes as raw HTTP/1.0 through busybox nc. Method, path and
     * body are the shell's arguments, never part of the script, so no quoting can break out of it.
     */
    @Override
    public String send(String method, String path, String body) throws IOException, InterruptedException {
        if ("GET".equals(method)) {
            return get(path);
        }
        requireAdminPath(path);
        if (!method.matches("[A-Z]+")) {
            throw new IllegalArgumentException("not an HTTP method: " + method);
        }
        String content = body == null ? "" : body;
        String script = "printf '%s %s HTTP/1.0\\r\\nAuthorization: Bearer %s\\r\\nContent-Type: application/json"
                + "\\r\\nContent-Length: %s\\r\\n\\r\\n%s' \"$0\" \"$1\" \"$REPLSIM_ADMIN_TOKEN\" \"$2\" \"$3\""
                + " | busybox timeout 3 busybox nc 127.0.0.1 " + adminPort;
        Container.ExecResult result = exec("sh", "-c", script, method, path,
                Integer.toString(content.getBytes(StandardCharsets.UTF_8).length), content);
        String answer = result.getStdout();
        String status = answer.lines().findFirst().orElse("");
        if (!status.matches("HTTP/1\\.[01] 200 .*")) {
            throw new IOException(method + " " + path + " in the container: " + (status.isEmpty()
                    ? "no answer (exit " + result.getExitCode() + ": " + result.getStderr().strip() + ")" : status));
        }
        int start = answer.indexOf("\r\n\r\n");
        return start < 0 ? "" : answer.substring(start + 4);
    }

    private static void requireAdminPath(String path) {
        if (!path.matches("/admin(/[A-Za-z0-9_-]+)*")) {
            throw new IllegalArgumentException("not an admin path: " + path);
        }
    }

    private Container.ExecResult exec(String... command) throws IOException, InterruptedException {
        try {
            return container.execInContainer(command);
        } catch (RuntimeException e) {
            throw new IOException("docker exec in " + container.getContainerName() + " failed: " + e.getMessage(), e);
        }
    }
}
