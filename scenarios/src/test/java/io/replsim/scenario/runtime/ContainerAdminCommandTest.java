package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command a container's admin request runs, run here by this machine's sh against a stand-in busybox that
 * records its arguments and what it reads: the token reaches the request through stdin and is in no process's
 * arguments, so {@code ps} in the container never shows it. (Docker itself is not needed: the container tests
 * run the same command in the node image.)
 */
class ContainerAdminCommandTest {
    private static final String TOKEN = "admin-token-that-must-stay-out-of-argv";

    @TempDir
    Path dir;

    @Test
    void theTokenGoesThroughStdinAndIntoNoArguments() throws Exception {
        String[] command = ContainerAdminChannel.command(9090, "POST", "/admin/faults", "{\"kind\":\"delay\"}");

        Process shell = run(command);

        assertThat(shell.waitFor(20, TimeUnit.SECONDS)).as("the shell ended").isTrue();
        assertThat(new String(shell.getInputStream().readAllBytes())).startsWith("HTTP/1.0 200 OK");
        assertThat(String.join(" ", command)).doesNotContain(TOKEN);
        List<String> busyboxArguments = Files.readAllLines(dir.resolve("argv.log"));
        assertThat(busyboxArguments).containsExactly("timeout 3 busybox nc 127.0.0.1 9090");
        assertThat(Files.readString(dir.resolve("stdin.log"))).isEqualTo("POST /admin/faults HTTP/1.0\r\n"
                + "Authorization: Bearer " + TOKEN + "\r\nContent-Type: application/json\r\nContent-Length: 16\r\n"
                + "\r\n{\"kind\":\"delay\"}");
    }

    @Test
    void aGetGoesTheSameWayWithAnEmptyBody() throws Exception {
        Process shell = run(ContainerAdminChannel.command(9090, "GET", "/admin/stats", ""));

        assertThat(shell.waitFor(20, TimeUnit.SECONDS)).as("the shell ended").isTrue();
        assertThat(Files.readAllLines(dir.resolve("argv.log"))).noneMatch(line -> line.contains(TOKEN));
        assertThat(Files.readString(dir.resolve("stdin.log"))).startsWith("GET /admin/stats HTTP/1.0\r\n"
                + "Authorization: Bearer " + TOKEN + "\r\n");
    }

    @Test
    void aPathOutsideTheAdminApiOrAMethodThatIsNotAWordIsRefusedBeforeAnythingRuns() {
        assertThatThrownBy(() -> ContainerAdminChannel.command(9090, "GET", "/admin/../etc", ""))
                .hasMessageContaining("not an admin path");
        assertThatThrownBy(() -> ContainerAdminChannel.command(9090, "GET /x;", "/admin/stats", ""))
                .hasMessageContaining("not an HTTP method");
    }

    /** Runs the command with a stand-in busybox first on PATH and the token in the environment, as in the image. */
    private Process run(String[] command) throws IOException {
        Path busybox = dir.resolve("busybox");
        Files.writeString(busybox, "#!/bin/sh\n"
                + "printf '%s\\n' \"$*\" >> '" + dir.resolve("argv.log") + "'\n"
                + "cat > '" + dir.resolve("stdin.log") + "'\n"
                + "printf 'HTTP/1.0 200 OK\\r\\n\\r\\n{}'\n");
        Files.setPosixFilePermissions(busybox, PosixFilePermissions.fromString("rwx------"));
        var builder = new ProcessBuilder(Arrays.asList(command)).redirectError(ProcessBuilder.Redirect.DISCARD);
        builder.environment().put("PATH", dir + ":" + System.getenv("PATH"));
        builder.environment().put("REPLSIM_ADMIN_TOKEN", TOKEN);
        return builder.start();
    }
}
