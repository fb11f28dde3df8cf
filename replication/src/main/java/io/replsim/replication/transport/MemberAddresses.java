package io.replsim.replication.transport;

import io.replsim.replication.NodeId;
import io.replsim.replication.transport.stream.StreamEndpoints;
import org.jgroups.Address;
import org.jgroups.stack.AddressGenerator;
import org.jgroups.util.ExtendedUUID;
import org.jgroups.util.NameCache;

import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A member's JGroups address carries its node name (and, with direct streams, where its stream server listens), so
 * that every address a view or a message brings names its member. JGroups' own logical names come in discovery
 * answers and land in a process-wide cache: a joiner can be handed a view before the answer of one of its members
 * has come (over UDP, where discovery is a multicast whose answers arrive in any order), and a member named by the
 * cache alone would then have no name when the view is installed.
 */
public final class MemberAddresses {

    private static final String NAME_KEY = "replsim.node";

    private MemberAddresses() {
    }

    /** This member's addresses: its name, and its stream server's endpoint when it has one. */
    static AddressGenerator carrying(NodeId self, Optional<InetSocketAddress> streamEndpoint) {
        byte[] name = self.name().getBytes(StandardCharsets.US_ASCII);
        return () -> {
            ExtendedUUID address = ExtendedUUID.randomUUID().put(NAME_KEY, name);
            streamEndpoint.ifPresent(endpoint -> StreamEndpoints.advertise(address, endpoint));
            return address;
        };
    }

    /**
     * The node {@code address} belongs to: the name it carries, else JGroups' logical name for it (the Infinispan
     * engine's members, whose addresses Infinispan makes), else the address as text.
     */
    public static NodeId nodeOf(Address address) {
        if (address instanceof ExtendedUUID extended) {
            byte[] name = extended.get(NAME_KEY);
            if (name != null) {
                return new NodeId(new String(name, StandardCharsets.US_ASCII));
            }
        }
        String name = NameCache.get(address);
        return new NodeId(name != null ? name : String.valueOf(address));
    }
}
