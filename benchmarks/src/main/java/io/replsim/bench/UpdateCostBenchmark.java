package io.replsim.bench;

import io.replsim.replication.EngineKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.host.EngineFactory;
import io.replsim.replication.member.ReplicationEngine;
import io.replsim.replication.transport.LargeMessagePath;
import io.replsim.replication.transport.ClusterSecret;
import io.replsim.replication.transport.TcpStackSpec;
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
import org.openjdk.jmh.infra.IterationParams;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * What one synchronous update costs, whole: the owner marshals the session, sends it to its one backup (another
 * member on 127.0.0.1 over the nodes' TCP stack), the backup reads it through the allow-list and applies it, and
 * the owner waits for the ack. From 256 B to 256 KB of session payload, over each path ({@code via}):
 * <ul>
 * <li>{@code streams}: the jgroups engine with every message over a direct stream (the nodes' default);</li>
 * <li>{@code jgroups}: the jgroups engine with every message through JGroups' {@code MessageDispatcher}
 * ({@link LargeMessagePath.ThroughJGroups});</li>
 * <li>{@code infinispan}: the infinispan engine (REPL_SYNC over two members: one cache write and its RPC);</li>
 * <li>{@code raw}: the floor, the same bytes written to a plain loopback socket and a one-byte answer read back.</li>
 * </ul>
 * JMH's score is the mean time per update; beside it, each trial prints this JVM's CPU time per update over its
 * measurement iterations (both members and the requester: the whole update's CPU) and appends one line to
 * {@code benchmarks/target/update-cost.csv} ({@link TrialCpu}). The path is the inner parameter, so the paths of one
 * size run one after the other and their ratios are taken within minutes of each other.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 6, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(1)
public class UpdateCostBenchmark {
    /**
     * Bytes of the session's payload attribute; the marshalled update is about 100 bytes more. (Named so that JMH,
     * which orders parameters by name, runs every path of one size before the next size.)
     */
    @Param({"256", "1024", "4096", "16384", "65536", "262144"})
    public int bytes;

    @Param({"raw", "streams", "jgroups", "infinispan"})
    public String via;

    private static final Path RESULTS = Path.of("benchmarks", "target", "update-cost.csv");

    private final List<ReplicationEngine> cluster = new ArrayList<>();
    private CounterSession session;
    private LoopbackSink sink;
    private LoopbackSink.Connection client;
    private byte[] rawMessage;

    private TrialCpu cpu;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        cpu = new TrialCpu();
        if (via.equals("raw")) {
            rawMessage = new byte[bytes + 100]; // about what the counter session marshals to
            sink = new LoopbackSink();
            client = sink.connect();
            return;
        }
        InetAddress loopback = InetAddress.getLoopbackAddress();
        int firstPort = LoopbackPorts.freePortPair();
        int secondPort = LoopbackPorts.freePortPair();
        List<InetSocketAddress> members = List.of(new InetSocketAddress(loopback, firstPort),
                new InetSocketAddress(loopback, secondPort));
        var spec = ReplicationSpec.builder()
                .engine(via.equals("infinispan") ? EngineKind.INFINISPAN : EngineKind.JGROUPS).build();
        LargeMessagePath messages = via.equals("jgroups") ? new LargeMessagePath.ThroughJGroups()
                : new LargeMessagePath.DirectStreams(1, LargeMessagePath.DirectStreams.DEFAULT.maxConnectionsPerMember());
        String clusterName = "bench-" + UUID.randomUUID();
        cluster.add(EngineFactory.start(new NodeId("node1"), clusterName,
                new TcpStackSpec(loopback, firstPort, members, ClusterSecret.ofThisJvm()).withLargeMessages(messages), spec));
        cluster.add(EngineFactory.start(new NodeId("node2"), clusterName,
                new TcpStackSpec(loopback, secondPort, members, ClusterSecret.ofThisJvm()).withLargeMessages(messages), spec));
        MemberViews.awaitOneView(cluster, Duration.ofSeconds(60));
        session = CounterSession.create(cluster.getFirst(), bytes);
    }

    @Setup(Level.Iteration)
    public void startIteration(IterationParams iteration) {
        cpu.startIteration(iteration);
    }

    @Benchmark
    public int update() throws Exception {
        cpu.operation();
        return rawMessage != null ? client.roundTrip(rawMessage) : session.request();
    }

    @TearDown(Level.Iteration)
    public void endIteration() {
        cpu.endIteration();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (client != null) {
            client.close();
            sink.close();
        }
        for (ReplicationEngine member : cluster.reversed()) {
            member.close();
        }
        cpu.report(RESULTS, via, bytes);
    }
}
