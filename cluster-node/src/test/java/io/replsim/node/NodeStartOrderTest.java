package io.replsim.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.replsim.node.admin.AdminToken;
import io.replsim.node.app.LogoutCookie;
import io.replsim.node.app.ServiceTime;
import io.replsim.node.app.SessionProfile;
import io.replsim.node.options.NodeOptions;
import io.replsim.node.settings.NodeResources;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.Discovery;
import io.replsim.replication.transport.Formation;
import io.replsim.replication.transport.LoopbackStackSpec;
import io.replsim.replication.transport.StackPreset;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A node binds its application's port before its admin port: a runtime takes an admin API that answers UP for a node
 * that is fully started, so it must not answer for one that dies of a taken HTTP port a moment later.
 */
class NodeStartOrderTest {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @Test
    void withBothPortsTakenTheStartFailsOnTheApplicationsPortFirst() throws Exception {
        try (ServerSocket http = new ServerSocket(0, 1, LOOPBACK);
             ServerSocket admin = new ServerSocket(0, 1, LOOPBACK)) {
            var options = new NodeOptions(new NodeId("node1"), "start-order-" + UUID.randomUUID(), LOOPBACK,
                    http.getLocalPort(), admin.getLocalPort(), 7800,
                    new Discovery.StaticMembers(List.of(new InetSocketAddress(LOOPBACK, 7800))),
                    new NodeResources(4, 1.0, Optional.empty()), 1024, SessionProfile.DEFAULT,
                    ReplicationSpec.fullSync(), OptionalLong.empty(), ServiceTime.NONE, StackPreset.TUNED.tuning(),
                    Optional.empty(), Formation.JOIN, OptionalInt.empty(), LogoutCookie.EXPIRE);

            Throwable thrown = catchThrowable(() -> ClusterNode.start(options,
                    new AdminToken("token-" + UUID.randomUUID()), new LoopbackStackSpec(), () -> { }).close());

            assertThat(thrown).as("a start on taken ports").isNotNull()
                    .hasStackTraceContaining("java.net.BindException")
                    .hasStackTraceContaining("io.replsim.node.web.AppServer.start")
                    .satisfies(failure -> assertThat(stackTraceOf(failure)).doesNotContain("AdminServer.start"));
        }
    }

    private static String stackTraceOf(Throwable failure) {
        var text = new StringWriter();
        failure.printStackTrace(new PrintWriter(text));
        return text.toString();
    }
}
