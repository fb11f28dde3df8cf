package io.replsim.replication.transport;

import java.io.IOException;
import java.util.List;

/**
 * A test cluster of three members: its name, its secret (and the secret's text, which a member process gets from its
 * environment) and a free port for each member.
 */
record ThreeMemberCluster(String name, String secretText, ClusterSecret secret, List<Integer> ports) {

    static ThreeMemberCluster named(String prefix) throws IOException {
        String text = ClusterSecret.newValue();
        return new ThreeMemberCluster(prefix + System.nanoTime(), text, new ClusterSecret(text),
                List.of(MemberPorts.free(), MemberPorts.free(), MemberPorts.free()));
    }
}
