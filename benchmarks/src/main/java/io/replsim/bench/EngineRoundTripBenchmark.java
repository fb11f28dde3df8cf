package io.replsim.bench;

import io.replsim.replication.EngineKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.host.EngineFactory;
import io.replsim.replication.member.ReplicationEngine;
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
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * The synchronous round trip of one counter request on each engine, three or five members in one JVM over the
 * nodes' TCP stack on 127.0.0.1, to one buddy (infinispan: DIST_SYNC with two owners) or to every other member
 * (infinispan: REPL_SYNC), the same 4 KB session; and in the same run, the floor: those bytes over a plain loopback
 * socket with a one-byte answer. Sampled, so JMH reports p50. The request runs on the member that created the
 * session: under infinispan its primary owner (the engine picks such ids), so both engines read locally.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class EngineRoundTripBenchmark {
    @Param({"4096"})
    public int payloadBytes;

    @Param({"jgroups", "infinispan"})
    public String engine;

    @Param({"3", "5"})
    public int members;

    /** As in a scenario file: {@code buddies} (one buddy) or {@code all}. */
    @Param({"buddies", "all"})
    public String placement;

    /** {@code secret}: peers prove the cluster secret, as nodes do; {@code open}: not (what that costs). */
    @Param({"secret"})
    public String peers;

    private final List<ReplicationEngine> cluster = new ArrayList<>();
    private CounterSession session;

    private LoopbackSink sink;
    private LoopbackSink.Connection client;
    private byte[] rawMessage;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        List<Integer> ports = new ArrayList<>();
        List<InetSocketAddress> initial = new ArrayList<>();
        for (int i = 0; i < members; i++) {
            int port = LoopbackPorts.freePortPair();
            ports.add(port);
            initial.add(new InetSocketAddress(loopback, port));
        }
        var spec = ReplicationSpec.builder().placement(Placement.CHOICES.parse(placement, "placement"))
                .engine(Choices.of(EngineKind.class).parse(engine, "engine")).build();
        String clusterName = "bench-" + UUID.randomUUID();
        for (int i = 0; i < members; i++) {
            cluster.add(EngineFactory.start(new NodeId("node" + (i + 1)), clusterName,
                    new TcpStackSpec(loopback, ports.get(i), initial, ClusterSecret.ofThisJvm())
                            .withAuthentication(PeerAuthentications.parse(peers)), spec));
        }
        MemberViews.awaitOneView(cluster, Duration.ofSeconds(60));
        session = CounterSession.create(cluster.getFirst(), payloadBytes);
        rawMessage = new byte[payloadBytes + 200]; // about what the whole counter session marshals to
        sink = new LoopbackSink();
        client = sink.connect();
    }

    @Benchmark
    public int syncRoundTripOfOneCounterRequest() throws Exception {
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
        for (ReplicationEngine member : cluster.reversed()) {
            member.close();
        }
    }

}
