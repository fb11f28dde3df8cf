package io.replsim.loadgen.loop;

import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.exchange.ClientTls;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.ConnectionCount;
import io.replsim.loadgen.exchange.LoopClient;
import io.replsim.loadgen.user.UserCarrier;
import io.replsim.loadgen.user.VirtualUser;

import java.nio.channels.Selector;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.IntStream;

/**
 * The users spread over one {@link UserLoop} per core (user {@code i} on loop {@code i mod loops}, so the ramp-up
 * fills them evenly), each loop a platform thread with its own client and connections.
 */
public final class EventLoops implements UserCarrier {

    private final int loops;
    private final LoadProfile profile;
    private final Function<Selector, LoopClient> clients;
    private final ConnectionCount count = new ConnectionCount();

    /**
     * Loops whose connections to https nodes trust what the JVM trusts, as the virtual-thread runtime's do.
     *
     * @param otherPaths the paths besides the profile's that the users send to (the script's, the logouts)
     */
    public EventLoops(LoadProfile profile, List<NodeEndpoint> nodes, List<String> otherPaths, int loops) {
        this(profile, nodes, otherPaths, loops, Optional.empty());
    }

    /**
     * @param tls how the connections to https nodes speak TLS; empty for the JVM's default
     *            ({@link ClientTls#jvmDefault()})
     */
    EventLoops(LoadProfile profile, List<NodeEndpoint> nodes, List<String> otherPaths, int loops,
               Optional<ClientTls> tls) {
        if (loops < 1) {
            throw new IllegalArgumentException("loops: got " + loops + ", expected at least 1");
        }
        this.loops = loops;
        this.profile = profile;
        // made here, once, so that a JVM whose default cannot be made refuses the driver instead of failing each loop
        Optional<ClientTls> https = tls.isEmpty() && nodes.stream().anyMatch(EventLoops::secure)
                ? Optional.of(ClientTls.jvmDefault()) : tls;
        this.clients = selector -> new LoopClient(selector, nodes, profile.path(), otherPaths,
                profile.requestTimeout(), profile.connections(), profile.protocol(), count, https);
    }

    private static boolean secure(NodeEndpoint node) {
        return "https".equals(node.baseUri().getScheme());
    }

    @Override
    public List<Thread> threadsFor(List<VirtualUser> users) {
        int used = Math.min(loops, users.size());
        List<List<VirtualUser>> shares = new ArrayList<>();
        IntStream.range(0, used).forEach(i -> shares.add(new ArrayList<>()));
        for (int i = 0; i < users.size(); i++) {
            shares.get(i % used).add(users.get(i));
        }
        return IntStream.range(0, used).mapToObj(i -> Thread.ofPlatform().daemon().name("replsim-user-loop-" + i)
                .unstarted(new UserLoop(shares.get(i), clients))).toList();
    }

    @Override
    public ConnectionCount.Connections connections() {
        return count.snapshot(profile.connections());
    }

    /** Nothing to do: each loop closes its own connections when its thread ends. */
    @Override
    public void close() {
    }
}
