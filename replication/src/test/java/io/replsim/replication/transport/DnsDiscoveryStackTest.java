package io.replsim.replication.transport;

import org.jgroups.Address;
import org.jgroups.JChannel;
import org.jgroups.protocols.TCPPING;
import org.jgroups.protocols.dns.DNSResolver;
import org.jgroups.protocols.dns.DNS_PING;
import org.jgroups.stack.IpAddress;
import org.jgroups.stack.Protocol;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The stack a Kubernetes pod runs ({@code --discovery dns:<service>}): DNS_PING asking for the headless Service's
 * A records. Kubernetes cannot run here, so two real channels on two loopback addresses find each other through a
 * resolver that answers the way the cluster DNS would: with every ready pod's address.
 */
class DnsDiscoveryStackTest {
    private static final String SERVICE = "replsim-nodes.replsim.svc.cluster.local";
    private static final ClusterSecret SECRET = ClusterSecret.generate();

    @Test
    void theStackAsksDnsForTheServicesARecordsInsteadOfAStaticList() throws Exception {
        var spec = new TcpStackSpec(InetAddress.getByName("127.0.0.1"), 7800, new Discovery.Dns(SERVICE), SECRET);

        List<Protocol> protocols = spec.protocols();

        assertThat(protocols).noneMatch(TCPPING.class::isInstance);
        assertThat(protocols).filteredOn(DNS_PING.class::isInstance).singleElement().satisfies(protocol -> {
            DNS_PING ping = (DNS_PING) protocol;
            assertThat(ping.dnsQuery()).isEqualTo(SERVICE);
            assertThat(ping.dnsRecordType()).isEqualTo("A");
        });
    }

    @Test
    void twoMembersOnTheSamePortFindEachOtherThroughTheAddressesDnsAnswers() throws Exception {
        InetAddress first = InetAddress.getByName("127.0.0.1");
        InetAddress second = InetAddress.getByName("127.0.0.2");
        int port = freePortOnBoth(first, second);
        List<String> asked = new CopyOnWriteArrayList<>();
        DNSResolver clusterDns = (query, type) -> {
            asked.add(query + " " + type);
            return List.of(new IpAddress(first, 0), new IpAddress(second, 0));
        };
        List<JChannel> channels = new ArrayList<>();
        try {
            for (InetAddress pod : List.of(first, second)) {
                List<Protocol> protocols = new TcpStackSpec(pod, port, new Discovery.Dns(SERVICE), SECRET).protocols();
                protocols.stream().filter(DNS_PING.class::isInstance).map(DNS_PING.class::cast)
                        .forEach(ping -> ping.dnsResolver(clusterDns));
                JChannel channel = new JChannel(protocols).name("pod-" + pod.getHostAddress());
                channels.add(channel);
                channel.connect("replsim-dns");
            }

            await().atMost(Duration.ofSeconds(20)).until(() ->
                    channels.stream().allMatch(channel -> channel.getView().size() == 2));
            assertThat(asked).contains(SERVICE + " A");
            List<Address> members = channels.getFirst().getView().getMembers();
            assertThat(members).containsExactlyInAnyOrderElementsOf(
                    channels.stream().map(JChannel::getAddress).toList());
            // one queue for all destinations: no send buffer per address to outlive a departed member
            assertThat(channels.getFirst().getProtocolStack().getTransport().getBundler())
                    .isInstanceOf(org.jgroups.protocols.TransferQueueBundler.class);
        } finally {
            channels.forEach(JChannel::close);
        }
    }

    /** One port free on both addresses: every pod of a StatefulSet listens on the same JGroups port. */
    private static int freePortOnBoth(InetAddress first, InetAddress second) throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int port;
            try (ServerSocket probe = new ServerSocket(0, 1, first)) {
                port = probe.getLocalPort();
            }
            if (port + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET > 65535) {
                continue;
            }
            try (ServerSocket a = new ServerSocket(port, 1, second);
                 ServerSocket b = new ServerSocket(port + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET, 1, first);
                 ServerSocket c = new ServerSocket(port + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET, 1, second)) {
                return port;
            } catch (IOException taken) {
                // try another
            }
        }
        throw new IOException("no port free on both loopback addresses after 50 tries");
    }
}
