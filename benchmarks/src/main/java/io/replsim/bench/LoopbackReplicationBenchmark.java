package io.replsim.bench;

import io.replsim.replication.DeliveryKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.engine.JGroupsEngine;
import io.replsim.replication.transport.ClusterSecret;
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
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * One counter request's replication to one backup in another member on 127.0.0.1 over the TCP stack the nodes use,
 * against the floor: the same bytes written to a plain loopback socket and a one-byte answer read back. The ratio
 * is what JGroups, marshalling, the allow-list and the store add to a round trip.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class LoopbackReplicationBenchmark {
    @Param({"4096"})
    public int payloadBytes;

    @Param({"sync", "async"})
    public String delivery;

    /** {@code secret}: peers prove the cluster secret, as nodes do; {@code open}: not (what that costs). */
    @Param({"secret"})
    public String peers;

    private JGroupsEngine owner;
    private JGroupsEngine backup;
    private CounterSession session;

    private LoopbackSink sink;
    private LoopbackSink.Connection client;
    private byte[] rawMessage;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        int firstPort = LoopbackPorts.freePortPair();
        int secondPort = LoopbackPorts.freePortPair();
        List<InetSocketAddress> members = List.of(new InetSocketAddress(loopback, firstPort),
                new InetSocketAddress(loopback, secondPort));
        var spec = ReplicationSpec.builder().delivery(Choices.of(DeliveryKind.class).parse(delivery, "delivery"))
                .build();
        String cluster = "bench-" + UUID.randomUUID();
        var authentication = PeerAuthentications.parse(peers);
        owner = JGroupsEngine.start(new NodeId("node1"), cluster,
                new TcpStackSpec(loopback, firstPort, members, ClusterSecret.ofThisJvm())
                        .withAuthentication(authentication), spec);
        backup = JGroupsEngine.start(new NodeId("node2"), cluster,
                new TcpStackSpec(loopback, secondPort, members, ClusterSecret.ofThisJvm())
                        .withAuthentication(authentication), spec);
        MemberViews.awaitOneView(List.of(owner, backup), Duration.ofSeconds(30));
        session = CounterSession.create(owner, payloadBytes);
        rawMessage = new byte[payloadBytes + 200]; // about what the whole counter session marshals to
        sink = new LoopbackSink();
        client = sink.connect();
    }

    @Benchmark
    public int replicateOneCounterRequest() throws Exception {
        return session.request();
    }

    @Benchmark
    public int rawLoopbackSocketRoundTrip() throws IOException {
        return client.roundTrip(rawMessage);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        client.close();
        sink.close();
        backup.close();
        owner.close();
    }
}
