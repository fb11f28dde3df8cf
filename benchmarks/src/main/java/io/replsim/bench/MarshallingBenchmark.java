package io.replsim.bench;

import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;
import io.replsim.replication.marshalling.MessageMarshaller;
import io.replsim.replication.message.AttributeDelta;
import io.replsim.replication.message.ReplicationMessage;
import io.replsim.replication.message.WholeSessionUpdate;
import io.replsim.replication.message.SessionSnapshot;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * What one replication message costs to produce and to read, through the allow-list filter: a whole session of
 * eight attributes against a delta of one (an eighth of the session), byte[] attributes against graphs of small
 * maps, for sessions of 1 KB to 256 KB.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class MarshallingBenchmark {
    private static final int ATTRIBUTES = 8;
    /** Roughly what one small map (an id, a name and a price) of a graph attribute costs serialized. */
    private static final int BYTES_PER_GRAPH_NODE = 64;

    @Param({"bytes", "graph"})
    public String shape;

    /** The session's attribute payload in KB, spread evenly over its attributes. */
    @Param({"1", "16", "64", "256"})
    public int sessionKb;

    private final MessageMarshaller marshaller = MessageMarshaller.standard();
    private WholeSessionUpdate whole;
    private AttributeDelta delta;
    private byte[] wholeBytes;
    private byte[] deltaBytes;

    @Setup
    public void setUp() {
        Map<String, Serializable> attributes = new HashMap<>();
        for (int i = 0; i < ATTRIBUTES; i++) {
            attributes.put("attr" + i, value());
        }
        whole = new WholeSessionUpdate(new SessionSnapshot(new SessionId("s"), 5, new NodeId("node1"), 1, 2,
                attributes));
        delta = new AttributeDelta(new SessionId("s"), 6, new NodeId("node1"), 3, Map.of("attr3", value()), Set.of());
        wholeBytes = marshaller.marshal(whole);
        deltaBytes = marshaller.marshal(delta);
    }

    private Serializable value() {
        int attributeBytes = sessionKb * 1024 / ATTRIBUTES;
        if (shape.equals("bytes")) {
            return new byte[attributeBytes];
        }
        var graph = new ArrayList<HashMap<String, Serializable>>();
        for (int i = 0; i < attributeBytes / BYTES_PER_GRAPH_NODE; i++) {
            var node = new HashMap<String, Serializable>();
            node.put("id", i);
            node.put("name", "item-" + i);
            node.put("price", (long) i * 7);
            graph.add(node);
        }
        return graph;
    }

    @Benchmark
    public byte[] marshalWholeSession() {
        return marshaller.marshal(whole);
    }

    @Benchmark
    public byte[] marshalOneAttributeDelta() {
        return marshaller.marshal(delta);
    }

    @Benchmark
    public ReplicationMessage unmarshalWholeSession() throws Exception {
        return marshaller.unmarshal(wholeBytes, ReplicationMessage.class);
    }

    @Benchmark
    public ReplicationMessage unmarshalOneAttributeDelta() throws Exception {
        return marshaller.unmarshal(deltaBytes, ReplicationMessage.class);
    }
}
