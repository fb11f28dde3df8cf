package io.replsim.bench;

import io.replsim.replication.BuddyPools;
import io.replsim.replication.NodeId;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.host.EngineFactory;
import io.replsim.replication.member.ReplicationEngine;
import io.replsim.replication.marshalling.MarshalledMessage;
import io.replsim.replication.marshalling.MessageMarshaller;
import io.replsim.replication.message.ReplicationMessage;
import io.replsim.replication.message.WholeSessionUpdate;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.transport.LargeMessagePath;
import io.replsim.replication.transport.ClusterSecret;
import io.replsim.replication.transport.TcpStackSpec;

import java.io.Serializable;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * CPU time, not wall-clock time, of one 64 KB session update: what the machine pays whatever else runs on it. One
 * requester updates a session replicated synchronously to the other of two members over the nodes' TCP stack, a
 * few rounds each way (direct streams, JGroups), and prints the process CPU per update of each round; then, on one
 * thread, the CPU of marshalling and unmarshalling the same message alone, and of a 16-byte payload in the same
 * session shape (the fixed cost of a serialization stream). Bounded: {@code rounds} × {@code updates} per path.
 *
 * <p>Run: {@code java -cp benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)
 * io.replsim.bench.UpdateCpuProbe [updatesPerRound] [rounds]} after {@code benchmarks/run -l} (which builds).
 */
public final class UpdateCpuProbe {
    private static final int PAYLOAD = 64 * 1024;

    private UpdateCpuProbe() {
    }

    public static void main(String[] args) throws Exception {
        int updates = args.length > 0 ? Integer.parseInt(args[0]) : 8_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 6;
        System.out.printf("load average at start: %.2f%n", ManagementFactory.getOperatingSystemMXBean()
                .getSystemLoadAverage());
        for (LargeMessagePath path : List.of(LargeMessagePath.DirectStreams.DEFAULT,
                new LargeMessagePath.ThroughJGroups())) {
            replicationLoop(path, updates, rounds);
        }
        serializationAlone(updates);
    }

    private static void replicationLoop(LargeMessagePath path, int updates, int rounds) throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        int[] ports = {LoopbackPorts.freePortPair(), LoopbackPorts.freePortPair()};
        List<InetSocketAddress> members = List.of(new InetSocketAddress(loopback, ports[0]),
                new InetSocketAddress(loopback, ports[1]));
        var spec = ReplicationSpec.builder().placement(new Placement.Buddies(1, BuddyPools.none()))
                .syncTimeout(Duration.ofSeconds(5)).build();
        String cluster = "probe-" + UUID.randomUUID();
        try (ReplicationEngine owner = EngineFactory.start(new NodeId("node1"), cluster,
                new TcpStackSpec(loopback, ports[0], members, ClusterSecret.ofThisJvm()).withLargeMessages(path),
                spec);
             ReplicationEngine backup = EngineFactory.start(new NodeId("node2"), cluster,
                     new TcpStackSpec(loopback, ports[1], members, ClusterSecret.ofThisJvm())
                             .withLargeMessages(path), spec)) {
            MemberViews.awaitOneView(List.of(owner, backup), Duration.ofSeconds(60));
            CounterSession session = CounterSession.create(owner, PAYLOAD);
            var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
            for (int round = 1; round <= rounds; round++) {
                long cpu = os.getProcessCpuTime();
                long wall = System.nanoTime();
                for (int i = 0; i < updates; i++) {
                    session.request();
                }
                System.out.printf("%s, round %d of %d updates: %.1f µs of process CPU and %.1f µs wall per update"
                                + " (load %.2f)%n", label(path), round, updates,
                        (os.getProcessCpuTime() - cpu) / 1_000.0 / updates,
                        (System.nanoTime() - wall) / 1_000.0 / updates, os.getSystemLoadAverage());
            }
            System.out.printf("%s: %d updates over direct streams%n", label(path),
                    owner.stats().traffic().messagesStreamed());
        }
    }

    private static String label(LargeMessagePath path) {
        return switch (path) {
            case LargeMessagePath.DirectStreams streams -> "direct streams";
            case LargeMessagePath.ThroughJGroups jgroups -> "through JGroups";
        };
    }

    private static void serializationAlone(int count) throws Exception {
        var marshaller = MessageMarshaller.standard();
        WholeSessionUpdate large = update(new byte[PAYLOAD]);
        WholeSessionUpdate tiny = update(new byte[16]);
        byte[] largeBytes = marshaller.marshal(large);
        byte[] tinyBytes = marshaller.marshal(tiny);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        for (int round = 1; round <= 4; round++) {
            long start = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < count; i++) {
                try (MarshalledMessage ignored = marshaller.marshalInPlace(large)) {
                    // the bytes are not sent anywhere: this measures writing them
                }
            }
            long marshalled = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < count; i++) {
                marshaller.unmarshal(largeBytes, ReplicationMessage.class);
            }
            long unmarshalled = threads.getCurrentThreadCpuTime();
            for (int i = 0; i < count; i++) {
                marshaller.unmarshal(tinyBytes, ReplicationMessage.class);
            }
            long tinyDone = threads.getCurrentThreadCpuTime();
            System.out.printf("alone, round %d: marshal %d bytes %.1f µs, unmarshal them %.1f µs, unmarshal the same"
                            + " shape with a 16-byte payload (%d bytes) %.1f µs of thread CPU%n", round,
                    largeBytes.length, (marshalled - start) / 1_000.0 / count,
                    (unmarshalled - marshalled) / 1_000.0 / count, tinyBytes.length,
                    (tinyDone - unmarshalled) / 1_000.0 / count);
        }
    }

    private static WholeSessionUpdate update(byte[] payload) {
        return new WholeSessionUpdate(new SessionSnapshot(new SessionId("probe"), 2, new NodeId("node1"), 1L, 2L,
                Map.<String, Serializable>of("payload", payload, "serial", 1)));
    }
}
