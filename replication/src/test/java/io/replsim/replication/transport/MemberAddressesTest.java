package io.replsim.replication.transport;

import io.replsim.replication.NodeId;
import io.replsim.replication.transport.stream.StreamEndpoints;
import org.jgroups.Address;
import org.jgroups.util.NameCache;
import org.jgroups.util.UUID;
import org.junit.jupiter.api.Test;

import java.net.InetSocketAddress;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class MemberAddressesTest {

    @Test
    void anAddressNamesItsMemberWithoutJGroupsNameCache() {
        Address address = MemberAddresses.carrying(new NodeId("node3"), Optional.empty()).generateAddress();
        NameCache.remove(address); // as on a joiner handed a view before node3's discovery answer came

        assertThat(MemberAddresses.nodeOf(address)).isEqualTo(new NodeId("node3"));
    }

    @Test
    void anAddressCarriesItsStreamServerBesideItsName() {
        InetSocketAddress endpoint = new InetSocketAddress("127.0.0.1", 41237);
        Address address = MemberAddresses.carrying(new NodeId("node2"), Optional.of(endpoint)).generateAddress();

        assertThat(MemberAddresses.nodeOf(address)).isEqualTo(new NodeId("node2"));
        assertThat(StreamEndpoints.of(address)).contains(endpoint);
    }

    @Test
    void aPlainAddressIsNamedByJGroupsNameCache() {
        Address named = UUID.randomUUID();
        NameCache.add(named, "node1");

        assertThat(MemberAddresses.nodeOf(named)).isEqualTo(new NodeId("node1"));
    }
}
