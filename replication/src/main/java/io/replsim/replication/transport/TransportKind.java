package io.replsim.replication.transport;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Which JGroups transport carries the members' messages. {@link #TCP} blocks a sender on each connect,
 * {@link #TCP_NIO2} does not (see {@link TcpStackSpec} for why that matters after a host dies); {@link #UDP}
 * multicasts to the whole cluster on loopback ({@link UdpStackSpec}), where the machine lets multicast come back
 * (docs/replication.md, "Failure detection and transport").
 */
public enum TransportKind {
    TCP("tcp"),
    TCP_NIO2("tcp-nio2"),
    UDP("udp");

    private final String label;

    TransportKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public static String labels() {
        return Arrays.stream(values()).map(TransportKind::label).collect(Collectors.joining(", "));
    }

    public static TransportKind parse(String text) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(kind -> kind.label.equals(wanted)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown transport \"" + text + "\"; expected one of: "
                        + labels()));
    }
}
