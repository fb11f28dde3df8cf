package io.replsim.scenario.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.testcontainers.containers.Container;
import org.testcontainers.containers.GenericContainer;

/**
 * The admin API of a node in a container, reached from inside it: the API stays on the container's loopback and
 * no admin port is published. The token never appears on a command line: the request is written by the shell's
 * own printf (a builtin, so no process is started with the token among its arguments), which reads the token from
 * the container's environment, and piped to busybox nc, whose arguments are the address only.
 */
final class ContainerAdminChannel implements AdminChannel {
    /**
     * Method, path, body length and body are the script's arguments, never part of it, so no quoting can break out
     * of it. busybox timeout: a frozen node must not hang the runner.
     */
    private static final String SCRIPT = "printf '%s %s HTTP/1.0\\r\\nAuthorization: Bearer %s\\r\\nContent-Type: "
            + "application/json\\r\\nContent-Length: %s\\r\\n\\r\\n%s' \"$0\" \"$1\" \"$REPLSIM_ADMIN_TOKEN\" \"$2\" \"$3\""
            + " | busybox timeout 3 busybox nc 127.0.0.1 ";

    private final GenericContainer<?> container;
    private final int adminPort;

    ContainerAdminChannel(GenericContainer<?> container, int adminPort) {
        this.container = container;
        this.adminPort = adminPort;
    }

    @Override
    public String get(String path) throws IOException, InterruptedException {
        return send("GET", path, null);
    }

    /** Any method as raw HTTP/1.0 through busybox nc (busybox wget would need the token in its arguments). */
    @Override
    public String send(String method, String path, String body) throws IOException, InterruptedException {
        String content = body == null ? "" : body;
        Container.ExecResult result = exec(command(adminPort, method, path, content));
        String answer = result.getStdout();
        String status = answer.lines().findFirst().orElse("");
        if (!status.matches("HTTP/1\\.[01] 200 .*")) {
            throw new IOException(method + " " + path + " in the container: " + (status.isEmpty()
                    ? "no answer (exit " + result.getExitCode() + ": " + result.getStderr().strip() + ")" : status));
        }
        int start = answer.indexOf("\r\n\r\n");
        return start < 0 ? "" : answer.substring(start + 4);
    }

    /** What runs in the container for one request: the shell, the script, and the script's arguments. */
    static String[] command(int adminPort, String method, String path, String content) {
        requireAdminPath(path);
        if (!method.matches("[A-Z]+")) {
            throw new IllegalArgumentException("not an HTTP method: " + method);
        }
        return new String[] {"sh", "-c", SCRIPT + adminPort, method, path,
                Integer.toString(content.getBytes(StandardCharsets.UTF_8).length), content};
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
