package io.replsim.replication.transport;

import io.replsim.replication.transport.stream.PeerKey;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The IP multicast address and port a UDP cluster's members send to. Every cluster running on one machine needs its
 * own: two clusters on one group receive each other's discovery and heartbeats (JGroups drops another cluster's
 * messages by name, but two runs of one scenario share the name). {@link #of} derives the group from the cluster's
 * name and its secret, which the runner makes anew for every run, so two runs at once (CI, several engineers'
 * tests) land on different groups, and two clusters of one JVM (one secret) on different names do too.
 */
public record MulticastGroup(InetAddress address, int port) {
    /** Organisation-local scope (RFC 2365): never routed off a site, and here never off loopback anyway. */
    private static final int SCOPE_FIRST_OCTET = 239;
    static final int LOWEST_PORT = 20_000;
    static final int PORTS = 40_000;
    private static final byte[] PURPOSE = "replsim udp multicast group".getBytes(StandardCharsets.UTF_8);

    public MulticastGroup {
        Objects.requireNonNull(address, "address");
        if (!address.isMulticastAddress()) {
            throw new IllegalArgumentException("not a multicast address: " + address.getHostAddress());
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("a port is 1-65535, got " + port);
        }
    }

    /**
     * 239.a.b.c and a port from 20000 to 59999, from the HMAC of {@code clusterName} under {@code secret}: the
     * members of one run agree on it without a word, and nobody without the secret can aim at it.
     */
    public static MulticastGroup of(String clusterName, PeerKey secret) {
        byte[] mac = secret.mac(PURPOSE, clusterName.getBytes(StandardCharsets.UTF_8));
        int second = Byte.toUnsignedInt(mac[0]);
        int third = Byte.toUnsignedInt(mac[1]);
        int fourth = 1 + Byte.toUnsignedInt(mac[2]) % 254; // neither .0 nor .255, which look like a network's ends
        int port = LOWEST_PORT + (int) (Integer.toUnsignedLong(
                (mac[3] & 0xff) << 24 | (mac[4] & 0xff) << 16 | (mac[5] & 0xff) << 8 | (mac[6] & 0xff)) % PORTS);
        try {
            return new MulticastGroup(InetAddress.getByAddress(new byte[] {(byte) SCOPE_FIRST_OCTET, (byte) second,
                    (byte) third, (byte) fourth}), port);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("four bytes are always an IPv4 address", e);
        }
    }

    @Override
    public String toString() {
        return address.getHostAddress() + ":" + port;
    }
}
