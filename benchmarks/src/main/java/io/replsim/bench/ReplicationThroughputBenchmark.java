package io.replsim.bench;

import io.replsim.replication.BuddyPools;
import io.replsim.replication.EngineKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.host.EngineFactory;
import io.replsim.replication.member.ReplicationEngine;
import io.replsim.replication.member.ReplicationStats;
import io.replsim.replication.transport.ClusterSecret;
import io.replsim.replication.transport.LargeMessagePath;
import io.replsim.replication.transport.TcpStackSpec;
import io.replsim.settings.Choices;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * Throughput of synchronous replication of large sessions against the physical limit: several requester threads
 * (each with its own session, so they never wait for each other's session lock) update a counter in a session
 * holding a {@code payloadBytes} byte[], replicated whole to the other of two members over the nodes' TCP stack on
 * 127.0.0.1; in the same run, the same threads move messages of the session's marshalled size over plain loopback
 * sockets, once waiting for a one-byte answer per message (what a sync sender does) and once streaming. Session
 * bytes per second = ops/s × payload.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
// Six: the replication path's CPU per update still fell until about 40,000 updates in (UpdateCpuProbe's rounds),
// which two iterations did not reach.
@Warmup(iterations = 6, time = 2)
@Measurement(iterations = 3, time = 2)
@Threads(4)
@Fork(1)
public class ReplicationThroughputBenchmark {
    private static final int MEMBERS = 2;

    @Param({"65536"})
    public int payloadBytes;

    @Param({"jgroups"})
    public String engine;

    /** How the nodes send the 64 KB updates: over direct streams (the default) or through JGroups as before. */
    @Param({"direct-streams", "jgroups"})
    public String largeMessages;

    /** {@code secret}: peers prove the cluster secret, as nodes do; {@code open}: not (what that costs). */
    @Param({"secret"})
    public String peers;

    private final ReplicationEngine[] cluster = new ReplicationEngine[MEMBERS];
    private LoopbackSink sink;
    private byte[] rawMessage;
    /** Operations of the trial (warm-up included), to divide this JVM's CPU time by. */
    private final LongAdder operations = new LongAdder();
    private long cpuNanosAtStart;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        int[] ports = new int[MEMBERS];
        InetSocketAddress[] initial = new InetSocketAddress[MEMBERS];
        for (int i = 0; i < MEMBERS; i++) {
            ports[i] = LoopbackPorts.freePortPair();
            initial[i] = new InetSocketAddress(loopback, ports[i]);
        }
        var spec = ReplicationSpec.builder().placement(new Placement.Buddies(1, BuddyPools.none()))
                .syncTimeout(Duration.ofSeconds(5)).engine(Choices.of(EngineKind.class).parse(engine, "engine"))
                .build();
        String clusterName = "bench-" + UUID.randomUUID();
        for (int i = 0; i < MEMBERS; i++) {
            cluster[i] = EngineFactory.start(new NodeId("node" + (i + 1)), clusterName,
                    new TcpStackSpec(loopback, ports[i], List.of(initial), ClusterSecret.ofThisJvm())
                            .withLargeMessages(largeMessagePath())
                            .withAuthentication(PeerAuthentications.parse(peers)), spec);
        }
        MemberViews.awaitOneView(List.of(cluster), Duration.ofSeconds(60));
        rawMessage = new byte[payloadBytes + 200]; // about what the whole counter session marshals to
        sink = new LoopbackSink();
        cpuNanosAtStart = processCpuNanos();
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private LargeMessagePath largeMessagePath() {
        return switch (largeMessages) {
            case "direct-streams" -> LargeMessagePath.DirectStreams.DEFAULT;
            case "jgroups" -> new LargeMessagePath.ThroughJGroups();
            default -> throw new IllegalArgumentException("largeMessages is direct-streams or jgroups, got "
                    + largeMessages);
        };
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        printCpuPerOperation();
        printWhereTheTimeWent();
        sink.close();
        for (int i = MEMBERS - 1; i >= 0; i--) {
            cluster[i].close();
        }
    }

    /**
     * This JVM's CPU time over the trial (warm-up, JIT, both members or both socket ends, JMH) per operation: what
     * an update costs the machine, whatever the load of the other processes on it did to the wall-clock figures.
     */
    private void printCpuPerOperation() {
        long count = operations.sum();
        if (count > 0) {
            System.out.printf("%nprocess CPU per operation over the trial: %.1f µs (%d operations)%n",
                    (processCpuNanos() - cpuNanosAtStart) / 1_000.0 / count, count);
        }
    }

    /**
     * The nodes' own counters over the trial (warm-up included): how much of a replicated update's time is
     * serialization on each side, so the rest is JGroups, the hand-offs between threads and the wire.
     */
    private void printWhereTheTimeWent() {
        ReplicationStats sender = cluster[0].stats();
        ReplicationStats receiver = cluster[1].stats();
        long updates = sender.replications();
        if (updates < 100 || receiver.traffic().messagesReceived() == 0) {
            return; // a raw-socket trial: the cluster only set up the requesters' sessions
        }
        System.out.printf("%nper replicated update (%d updates, %d bytes each, %d over direct streams): round trip"
                        + " %.0f µs on the sender, of which marshalling %.0f µs; unmarshalling on the backup %.0f µs%n",
                updates, sender.traffic().marshalledBytes() / sender.traffic().marshalledMessages(),
                sender.traffic().messagesStreamed(),
                (double) sender.replicationMicrosTotal() / updates,
                (double) sender.traffic().marshalMicrosTotal() / sender.traffic().marshalledMessages(),
                (double) receiver.traffic().unmarshalMicrosTotal() / receiver.traffic().messagesReceived());
    }

    ReplicationEngine owner() {
        return cluster[0];
    }

    /** One requester thread's own session and its own plain socket. */
    @State(Scope.Thread)
    public static class Requester {
        CounterSession session;
        LoopbackSink.Connection connection;

        @Setup(Level.Trial)
        public void setUp(ReplicationThroughputBenchmark bench) throws Exception {
            session = CounterSession.create(bench.owner(), bench.payloadBytes);
            connection = bench.sink.connect();
        }

        @TearDown(Level.Trial)
        public void tearDown() throws IOException {
            connection.close();
        }
    }

    @Benchmark
    public int syncReplicationOfOneSessionUpdate(Requester requester) throws Exception {
        operations.increment();
        return requester.session.request();
    }

    @Benchmark
    public int rawLoopbackSocketWithAnswer(Requester requester) throws IOException {
        operations.increment();
        return requester.connection.roundTrip(rawMessage);
    }

    @Benchmark
    public void rawLoopbackSocketStream(Requester requester) throws IOException {
        operations.increment();
        requester.connection.stream(rawMessage);
    }
}
