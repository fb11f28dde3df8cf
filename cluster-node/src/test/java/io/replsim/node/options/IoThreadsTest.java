package io.replsim.node.options;

import io.replsim.node.settings.NodeResources;
import io.replsim.node.web.AppServer;
import io.undertow.server.handlers.PathHandler;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * {@code cluster.ioThreads} crosses to the node as {@code --io-threads} and sizes its Undertow I/O threads; left out,
 * the node keeps Undertow's own sizing.
 */
class IoThreadsTest {

    private static final List<String> OWN = List.of("--name", "node1", "--cluster", "c", "--http-port", "18081",
            "--admin-port", "18181", "--jgroups-port", "18281", "--members", "127.0.0.1[18281]");

    @Test
    void theIoThreadsReachTheNodeAndItsUndertow() {
        var resources = new NodeResources(4, 1.0, Optional.of(3));
        List<String> argv = new ArrayList<>(OWN);
        argv.addAll(NodeResources.SETTINGS.arguments(resources));

        NodeOptions node = new NodeOptionsParser().parse(argv.toArray(String[]::new));

        assertThat(argv).containsSequence("--io-threads", "3");
        assertThat(node.resources()).isEqualTo(resources);
        try (AppServer server = AppServer.start(InetAddress.getLoopbackAddress(), 0, node.resources(),
                new PathHandler())) {
            assertThat(server.ioThreads()).isEqualTo(3);
        }
    }

    @Test
    void withoutThemTheNodeKeepsUndertowsOwnSizing() {
        List<String> argv = new ArrayList<>(OWN);
        argv.addAll(NodeResources.SETTINGS.arguments(NodeResources.SCENARIO_DEFAULTS));

        NodeOptions node = new NodeOptionsParser().parse(argv.toArray(String[]::new));

        assertThat(argv).doesNotContain("--io-threads");
        assertThat(node.resources().ioThreads()).isEmpty();
        assertThat(node.resources().ioThreadCount()).isEqualTo(Math.max(2, Runtime.getRuntime().availableProcessors()));
    }

    @Test
    void aBadCountIsRefusedNamingTheOption() {
        List<String> argv = new ArrayList<>(OWN);
        argv.addAll(List.of("--io-threads", "0"));

        var bad = catchThrowableOfType(BadArgumentException.class,
                () -> new NodeOptionsParser().parse(argv.toArray(String[]::new)));

        assertThat(bad.argument()).isEqualTo("--io-threads");
        assertThat(bad.getMessage()).endsWith("expected a whole number from 1 to 64");
    }
}
