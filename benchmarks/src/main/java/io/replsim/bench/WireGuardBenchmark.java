package io.replsim.bench;

import io.replsim.replication.transport.ClusterSecret;
import io.replsim.replication.transport.wire.WireGuard;
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

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;

/**
 * What the wire guard adds to one JGroups frame: the sender's seal (a copy of the frame and an HMAC-SHA256 of it)
 * and the receiver's check (another HMAC), on a heap array as TCP and UDP read a frame and on a direct buffer as
 * TCP_NIO2 does. Frames from a heartbeat's size to FRAG4's fragment.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class WireGuardBenchmark {
    @Param({"100", "1000", "4096", "60000"})
    public int bytes;

    private final WireGuard guard = new WireGuard(ClusterSecret.generate(), 1 << 20);
    private byte[] frame;
    private byte[] sealed;
    private ByteBuffer sealedDirect;

    @Setup
    public void setUp() {
        frame = new byte[bytes];
        sealed = guard.seal(frame, 0, bytes);
        sealedDirect = ByteBuffer.allocateDirect(sealed.length).put(sealed).flip();
    }

    @Benchmark
    public byte[] seal() {
        return guard.seal(frame, 0, bytes);
    }

    @Benchmark
    public boolean open() {
        return guard.opens(sealed, 0, sealed.length);
    }

    @Benchmark
    public boolean openDirect() {
        return guard.opens(sealedDirect);
    }
}
