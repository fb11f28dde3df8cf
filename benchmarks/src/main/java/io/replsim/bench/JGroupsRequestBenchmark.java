package io.replsim.bench;

import java.util.Optional;

import io.replsim.replication.transport.ClusterSecret;

import io.replsim.replication.NodeId;
import io.replsim.replication.transport.TcpStackSpec;
import io.replsim.replication.transport.stream.StreamSender;
import io.replsim.replication.transport.stream.StreamServer;
import org.jgroups.Address;
import org.jgroups.BytesMessage;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.blocks.MessageDispatcher;
import org.jgroups.blocks.RequestOptions;
import org.jgroups.blocks.ResponseMode;
import org.jgroups.protocols.TCP;
import org.jgroups.protocols.TP;
import org.jgroups.stack.Protocol;
import org.jgroups.util.RspList;
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
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * JGroups itself, without replsim's engine: a synchronous request of {@code bytes} from one channel to another on
 * 127.0.0.1 and a one-byte answer, sent as replsim sends a replication message ({@code MessageDispatcher.castMessage}
 * to one member, GET_ALL, OOB), over the nodes' own stack ({@link TcpStackSpec}) with the transport changed as
 * {@code stack} says. It answers which JGroups settings make a sync round trip cheap, against the floor of the same
 * bytes over a plain loopback socket ({@code stack=raw}) in the same run:
 * <ul>
 * <li>{@code as-built}: the nodes' stack (TCP_NIO2, transfer-queue bundler, virtual-thread pool, JGroups' default
 * processing policy);</li>
 * <li>{@code no-bundler}: every message written on the sender's thread instead of handed to the bundler's;</li>
 * <li>{@code per-destination}: JGroups 5.5's default bundler, a queue and a sender thread per destination;</li>
 * <li>{@code platform-threads}: the transport's pool of platform threads instead of virtual ones;</li>
 * <li>{@code oob-on-reader}: OOB requests and responses handled on the thread that read them
 * ({@link OobOnReceiverThread}), with no bundler and platform threads: the fewest hand-offs JGroups allows;</li>
 * <li>{@code tcp-oob-on-reader}: the same over TCP (a blocking reader thread per connection) instead of
 * TCP_NIO2's selector;</li>
 * <li>{@code direct-stream}: not JGroups, replsim's direct stream ({@link StreamSender} to a {@link StreamServer})
 * with the same trivial answer: what replaced JGroups for replication messages.</li>
 * </ul>
 * Each trial prints this JVM's CPU per request and appends it to {@code benchmarks/target/jgroups-request.csv}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 6, time = 1)
@Measurement(iterations = 4, time = 1)
@Fork(1)
public class JGroupsRequestBenchmark {
    @Param({"4096"})
    public int bytes;

    @Param({"raw", "direct-stream", "as-built", "no-bundler", "per-destination", "platform-threads",
            "oob-on-reader", "tcp-oob-on-reader"})
    public String stack;

    private static final Path RESULTS = Path.of("benchmarks", "target", "jgroups-request.csv");
    private static final byte[] ANSWER = {1};

    private final List<JChannel> channels = new ArrayList<>();
    private MessageDispatcher requester;
    private Address backup;
    private byte[] request;
    private LoopbackSink sink;
    private LoopbackSink.Connection client;
    private StreamServer streamServer;
    private StreamSender streamSender;
    private Map<NodeId, InetSocketAddress> streamTarget;
    private TrialCpu cpu;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        cpu = new TrialCpu();
        request = new byte[bytes];
        if (stack.equals("raw")) {
            sink = new LoopbackSink();
            client = sink.connect();
            return;
        }
        InetAddress loopback = InetAddress.getLoopbackAddress();
        if (stack.equals("direct-stream")) {
            NodeId receiver = new NodeId("node2");
            streamServer = StreamServer.start(loopback, "bench", Optional.empty(), receiver, 1 << 20, new StreamServer.Admission() {
                @Override
                public boolean isMember(NodeId sender) {
                    return true;
                }

                @Override
                public boolean takesFrames() {
                    return true;
                }

                @Override
                public void refused(String reason) {
                    throw new IllegalStateException("the benchmark's own sender was refused: " + reason);
                }
            }, (sender, frame) -> ANSWER);
            streamSender = new StreamSender("bench", new NodeId("node1"), Optional.empty(), 4, Duration.ofMillis(300), 1 << 20);
            streamTarget = Map.of(receiver, streamServer.endpoint());
            return;
        }
        int firstPort = LoopbackPorts.freePortPair();
        int secondPort = LoopbackPorts.freePortPair();
        List<InetSocketAddress> members = List.of(new InetSocketAddress(loopback, firstPort),
                new InetSocketAddress(loopback, secondPort));
        String cluster = "bench-" + UUID.randomUUID();
        JChannel first = new JChannel(protocols(new TcpStackSpec(loopback, firstPort, members, ClusterSecret.ofThisJvm()), loopback, firstPort))
                .name("node1");
        channels.add(first);
        requester = new MessageDispatcher(first, message -> ANSWER);
        first.connect(cluster);
        JChannel second = new JChannel(protocols(new TcpStackSpec(loopback, secondPort, members, ClusterSecret.ofThisJvm()), loopback,
                secondPort)).name("node2");
        channels.add(second);
        new MessageDispatcher(second, message -> ANSWER);
        second.connect(cluster);
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (first.getView().size() < 2 || second.getView().size() < 2) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the two channels never formed one view within 60 s");
            }
            Thread.sleep(50);
        }
        backup = second.getAddress();
    }

    private List<Protocol> protocols(TcpStackSpec spec, InetAddress bind, int port) throws Exception {
        List<Protocol> protocols = new ArrayList<>(spec.protocols());
        TP transport = (TP) protocols.getFirst();
        if (stack.equals("tcp-oob-on-reader")) {
            TCP tcp = new TCP();
            tcp.setBindAddress(bind).setBindPort(port).setPortRange(0);
            tcp.tcpNodelay(true);
            transport = tcp;
            protocols.set(0, tcp);
        }
        switch (stack) {
            case "as-built" -> {
            }
            case "no-bundler" -> transport.setBundlerType("no-bundler");
            case "per-destination" -> transport.setBundlerType("per-destination");
            case "platform-threads" -> transport.useVirtualThreads(false);
            case "oob-on-reader", "tcp-oob-on-reader" -> {
                transport.setBundlerType("no-bundler");
                transport.useVirtualThreads(false);
                transport.setMessageProcessingPolicy(OobOnReceiverThread.class.getName());
            }
            default -> throw new IllegalArgumentException("unknown stack " + stack);
        }
        return protocols;
    }

    @Setup(Level.Iteration)
    public void startIteration(IterationParams iteration) {
        cpu.startIteration(iteration);
    }

    @Benchmark
    public Object request() throws Exception {
        cpu.operation();
        if (client != null) {
            return client.roundTrip(request);
        }
        if (streamSender != null) {
            var outcome = streamSender.exchange(request, request.length, streamTarget,
                    System.nanoTime() + TimeUnit.SECONDS.toNanos(2));
            if (!(outcome.values().iterator().next() instanceof StreamSender.Outcome.Answered)) {
                throw new IllegalStateException("no answer within 2 s: " + outcome);
            }
            return outcome;
        }
        var options = new RequestOptions(ResponseMode.GET_ALL, 2_000).anycasting(true).flags(Message.Flag.OOB);
        RspList<Object> answers = requester.castMessage(Set.of(backup), new BytesMessage(null, request), options);
        if (!answers.get(backup).wasReceived()) {
            throw new IllegalStateException("no answer within 2 s: " + answers);
        }
        return answers;
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
        if (streamSender != null) {
            streamSender.close();
            streamServer.close();
        }
        for (JChannel channel : channels.reversed()) {
            channel.close();
        }
        cpu.report(RESULTS, stack, bytes);
    }
}
