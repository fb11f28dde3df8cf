package io.replsim.bench;

import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;
import io.replsim.replication.marshalling.MessageMarshaller;
import io.replsim.replication.message.AttributeDelta;
import io.replsim.replication.message.ReplicationMessage;
import io.replsim.replication.message.WholeSessionUpdate;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.session.BackupOutcome;
import io.replsim.replication.session.SessionStore;
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
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * What one replication message costs to produce and to read, through the allow-list filter: a whole session of
 * 8 or 32 attributes against a delta of one, byte[] attributes against graphs of small maps, for sessions of 1 KB
 * to 256 KB; and a backup's whole step for a whole session, read and applied to its store as the next version
 * ({@code unmarshalAndApplyWholeSession}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
public class MarshallingBenchmark {
    /** Roughly what one small map (an id, a name and a price) of a graph attribute costs serialized. */
    private static final int BYTES_PER_GRAPH_NODE = 64;

    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    @Param({"bytes", "graph"})
    public String shape;

    /** How many attributes the session's payload is spread over (the cost scenarios' 64 KB sessions have 32). */
    @Param({"8", "32"})
    public int attributes;

    /** The session's attribute payload in KB, spread evenly over its attributes. */
    @Param({"1", "16", "64", "256"})
    public int sessionKb;

    private final MessageMarshaller marshaller = MessageMarshaller.standard();
    private WholeSessionUpdate whole;
    private AttributeDelta delta;
    private byte[] wholeBytes;
    private byte[] deltaBytes;
    private final SessionStore backup = new SessionStore(new NodeId("node2"), new ApplyOnlyReplicator(),
            Clock.systemUTC(), Duration.ofSeconds(1));
    /** Where the whole session's version is in {@link #wholeBytes}: each apply writes the next one there. */
    private int versionOffset;
    private long nextVersion = 5;

    @Setup
    public void setUp() {
        Map<String, Serializable> payload = new HashMap<>();
        for (int i = 0; i < attributes; i++) {
            payload.put("attr" + i, value());
        }
        whole = new WholeSessionUpdate(new SessionSnapshot(new SessionId("s"), 5, new NodeId("node1"), 1, 2,
                payload));
        delta = new AttributeDelta(new SessionId("s"), 6, new NodeId("node1"), 3, Map.of("attr3", value()), Set.of());
        wholeBytes = marshaller.marshal(whole);
        deltaBytes = marshaller.marshal(delta);
        versionOffset = versionOffset(payload);
    }

    private Serializable value() {
        int attributeBytes = sessionKb * 1024 / attributes;
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

    @Benchmark
    public BackupOutcome unmarshalAndApplyWholeSession() throws Exception {
        LONG.set(wholeBytes, versionOffset, ++nextVersion);
        BackupOutcome outcome = backup.applyBackup(
                marshaller.unmarshal(wholeBytes, WholeSessionUpdate.class).snapshot());
        if (outcome != BackupOutcome.APPLIED) {
            throw new IllegalStateException("the backup did not apply version " + nextVersion + ": " + outcome);
        }
        return outcome;
    }

    /** The first byte of the version in a whole session's frame: where frames of versions 5 and 6 differ, less 7. */
    private int versionOffset(Map<String, Serializable> attributes) {
        byte[] six = marshaller.marshal(new WholeSessionUpdate(new SessionSnapshot(new SessionId("s"), 6,
                new NodeId("node1"), 1, 2, attributes)));
        for (int i = 0; i < six.length; i++) {
            if (six[i] != wholeBytes[i]) {
                return i - (Long.BYTES - 1);
            }
        }
        throw new IllegalStateException("frames of versions 5 and 6 are the same");
    }
}
