package io.replsim.replication.transport;

import io.replsim.replication.NodeId;
import io.replsim.replication.marshalling.MarshalledMessage;
import io.replsim.replication.transport.stream.StreamEndpoints;
import io.replsim.replication.transport.stream.StreamSender;
import io.replsim.replication.transport.stream.StreamServer;
import org.jgroups.Address;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * One member's direct streams ({@link LargeMessagePath.DirectStreams}): its stream server, its pooled streams to
 * the others, and where each member of the current view listens. The transport decides what takes them.
 */
final class LargeMessageStreams implements AutoCloseable {
    private final int minMessageBytes;
    private final StreamServer server;
    private final StreamSender sender;
    private volatile Map<NodeId, InetSocketAddress> endpoints = Map.of();

    private LargeMessageStreams(int minMessageBytes, StreamServer server, StreamSender sender) {
        this.minMessageBytes = minMessageBytes;
        this.server = server;
        this.sender = sender;
    }

    static LargeMessageStreams start(LargeMessagePath.DirectStreams settings, StackSpec stack, String cluster,
                                     NodeId self, long maxFrameBytes, StreamServer.Admission admission,
                                     StreamServer.FrameHandler handler) throws IOException {
        var key = stack.authentication().streamKey();
        var server = StreamServer.start(stack.streamBindAddress(), cluster, key, self, maxFrameBytes, admission,
                handler);
        var sender = new StreamSender(cluster, self, key, settings.maxConnectionsPerMember(), stack.connectTimeout(),
                maxFrameBytes);
        return new LargeMessageStreams(settings.minMessageBytes(), server, sender);
    }

    /** Where this member's stream server listens, which its JGroups addresses announce. */
    InetSocketAddress endpoint() {
        return server.endpoint();
    }

    boolean carries(int messageBytes) {
        return messageBytes >= minMessageBytes;
    }

    /**
     * Sends the message to those of {@code targets} that announce a stream server; the others are not in the
     * answer, and go through JGroups.
     */
    Map<NodeId, StreamSender.Outcome> exchange(MarshalledMessage message, Collection<NodeId> targets,
                                               long deadlineNanos) {
        Map<NodeId, InetSocketAddress> known = endpoints;
        Map<NodeId, InetSocketAddress> streamed = new LinkedHashMap<>();
        for (NodeId target : targets) {
            InetSocketAddress endpoint = known.get(target);
            if (endpoint != null) {
                streamed.put(target, endpoint);
            }
        }
        return streamed.isEmpty() ? Map.of()
                : sender.exchange(message.array(), message.length(), streamed, deadlineNanos);
    }

    /** A new view: where its members listen; streams to and from members that left are closed. */
    void viewInstalled(List<Address> members, Function<Address, NodeId> nodeOf) {
        Map<NodeId, InetSocketAddress> current = new LinkedHashMap<>();
        for (Address member : members) {
            StreamEndpoints.of(member).ifPresent(endpoint -> current.put(nodeOf.apply(member), endpoint));
        }
        endpoints = Map.copyOf(current);
        sender.retain(endpoints);
        server.dropAllBut(Set.copyOf(members.stream().map(nodeOf).toList()));
    }

    @Override
    public void close() {
        server.close();
        sender.close();
    }
}
