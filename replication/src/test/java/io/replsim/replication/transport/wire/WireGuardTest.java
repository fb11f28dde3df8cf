package io.replsim.replication.transport.wire;

import io.replsim.replication.transport.ClusterSecret;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The seal on a JGroups frame: what opens and what does not. */
class WireGuardTest {
    private static final ClusterSecret SECRET = ClusterSecret.generate();
    private final WireGuard guard = new WireGuard(SECRET, 1_000);

    @Test
    void aSealedFrameOpensFromAnArrayAHeapBufferAndADirectBufferAndItsContentsAreTheFrame() {
        byte[] frame = {1, 2, 3, 4, 5, 6, 7};
        byte[] padded = {9, 9, 1, 2, 3, 4, 5, 6, 7, 9};

        byte[] sealed = guard.seal(padded, 2, frame.length);

        assertThat(sealed).hasSize(frame.length + WireGuard.SEAL_BYTES);
        assertThat(Arrays.copyOf(sealed, frame.length)).containsExactly(frame);
        assertThat(guard.opens(sealed, 0, sealed.length)).isTrue();
        assertThat(guard.opens(ByteBuffer.wrap(sealed))).isTrue();
        ByteBuffer direct = ByteBuffer.allocateDirect(sealed.length + 3).position(3).put(sealed).position(3);
        assertThat(guard.opens(direct)).isTrue();
        assertThat(direct.position()).as("the position does not move").isEqualTo(3);
        byte[] contents = new byte[frame.length];
        WireGuard.contents(direct).get(contents);
        assertThat(contents).containsExactly(frame);
    }

    @Test
    void aFrameWithOneByteChangedInItOrInItsSealDoesNotOpen() {
        byte[] sealed = guard.seal(new byte[40], 0, 40);
        for (int at : new int[] {0, 39, 40, sealed.length - 1}) {
            byte[] changed = sealed.clone();
            changed[at] ^= 1;
            assertThat(guard.opens(changed, 0, changed.length)).as("byte %d changed", at).isFalse();
            assertThat(guard.opens(ByteBuffer.wrap(changed))).as("byte %d changed, as a buffer", at).isFalse();
        }
    }

    @Test
    void aFrameSealedUnderAnotherSecretDoesNotOpen() {
        byte[] sealed = new WireGuard(ClusterSecret.generate(), 1_000).seal(new byte[40], 0, 40);

        assertThat(guard.opens(sealed, 0, sealed.length)).isFalse();
    }

    @Test
    void aFrameNoLongerThanASealOrLongerThanTheBoundDoesNotOpenWhateverItsSeal() {
        var generous = new WireGuard(SECRET, 10_000);
        byte[] longest = generous.seal(new byte[1_000 - WireGuard.SEAL_BYTES], 0, 1_000 - WireGuard.SEAL_BYTES);
        byte[] tooLong = generous.seal(new byte[1_001 - WireGuard.SEAL_BYTES], 0, 1_001 - WireGuard.SEAL_BYTES);
        byte[] empty = generous.seal(new byte[0], 0, 0);

        assertThat(guard.opens(longest, 0, longest.length)).as("1,000 bytes, the bound").isTrue();
        assertThat(guard.opens(tooLong, 0, tooLong.length)).as("1,001 bytes").isFalse();
        assertThat(guard.opens(ByteBuffer.wrap(tooLong))).as("1,001 bytes, as a buffer").isFalse();
        assertThat(guard.opens(empty, 0, empty.length)).as("a seal and nothing else").isFalse();
    }

    @Test
    void everyRefusalReachesTheListener() {
        var refusals = new AtomicInteger();
        guard.onRefusal(what -> refusals.incrementAndGet());

        for (int i = 0; i < 3; i++) {
            guard.refused("a test's refusal " + i);
        }

        assertThat(refusals).hasValue(3);
    }
}
