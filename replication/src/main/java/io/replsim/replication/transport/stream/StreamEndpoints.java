package io.replsim.replication.transport.stream;

import org.jgroups.Address;
import org.jgroups.util.ExtendedUUID;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A member's direct-stream address rides in its JGroups address, so the view that admits a member also says where
 * to reach its stream server: no port to agree on beforehand, no extra round of messages.
 */
public final class StreamEndpoints {
    /** One key, its value the address as text: JGroups prints it with the member's name in its own log lines. */
    private static final String KEY = "replsim.stream";
    private static final Pattern LITERAL = Pattern.compile("[0-9A-Fa-f.:%]+:[0-9]{1,5}");

    private StreamEndpoints() {
    }

    /** Writes {@code endpoint} into {@code address}, which the member's other keys may share. */
    public static ExtendedUUID advertise(ExtendedUUID address, InetSocketAddress endpoint) {
        return address.put(KEY, (endpoint.getAddress().getHostAddress() + ":" + endpoint.getPort())
                .getBytes(StandardCharsets.US_ASCII));
    }

    /** Where {@code member} accepts direct streams; empty for a member that does not advertise one. */
    public static Optional<InetSocketAddress> of(Address member) {
        if (!(member instanceof ExtendedUUID uuid)) {
            return Optional.empty();
        }
        byte[] value = uuid.get(KEY);
        if (value == null) {
            return Optional.empty();
        }
        String text = new String(value, StandardCharsets.US_ASCII);
        int colon = text.lastIndexOf(':');
        if (!LITERAL.matcher(text).matches()) {
            return Optional.empty(); // not an address literal: never a name to look up
        }
        try {
            // getHostAddress wrote a literal, which getByName parses without asking DNS.
            return Optional.of(new InetSocketAddress(InetAddress.getByName(text.substring(0, colon)),
                    Integer.parseInt(text.substring(colon + 1))));
        } catch (UnknownHostException | IllegalArgumentException | StringIndexOutOfBoundsException e) {
            return Optional.empty(); // not an address: the member is reached through JGroups only
        }
    }
}
