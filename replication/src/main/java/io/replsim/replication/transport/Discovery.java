package io.replsim.replication.transport;

import java.net.InetSocketAddress;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * How a member finds the others. A static list suits processes and containers whose addresses are known before
 * they start; a DNS name suits Kubernetes, where a headless Service answers with the address of every ready pod
 * and nobody knows them in advance.
 */
public sealed interface Discovery {

    /** TCPPING: every member's address and JGroups port, this member's included. */
    record StaticMembers(List<InetSocketAddress> members) implements Discovery {
        public StaticMembers {
            members = List.copyOf(members);
            if (members.isEmpty()) {
                throw new IllegalArgumentException("TCPPING needs the initial members (every member, this one included)");
            }
        }
    }

    /**
     * DNS_PING: the A records of {@code query} are the members, each at this member's own JGroups port (every
     * member of such a cluster listens on the same one, as the pods of a StatefulSet do).
     */
    record Dns(String query) implements Discovery {
        private static final Pattern NAME = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?"
                + "(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*\\.?");

        public Dns {
            Objects.requireNonNull(query, "query");
            if (query.length() > 253 || !NAME.matcher(query).matches()) {
                throw new IllegalArgumentException("not a DNS name: '" + query + "'");
            }
        }
    }
}
