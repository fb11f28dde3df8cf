package io.replsim.replication.marshalling;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;

/**
 * A few reusable buffers to serialize into. A fresh {@link ByteArrayOutputStream} grows from a few hundred bytes by
 * doubling, so a 64 KB session cost three times its size in copies and fresh memory on every update (measured:
 * most of the sender's CPU, docs/benchmarks.md); a warm buffer is written once. The pool is bounded in count and
 * in the size of buffer it keeps, so it holds at most a few MiB whatever the number of request threads.
 */
final class MarshalBuffers {
    static final int KEPT = 8;
    static final int KEPT_MAX_BYTES = 1 << 20;
    private static final int INITIAL_BYTES = 1 << 12;

    /** A buffer whose bytes can be read in place. */
    static final class Buffer extends ByteArrayOutputStream {
        private Buffer() {
            super(INITIAL_BYTES);
        }

        byte[] array() {
            return buf;
        }

        /** Makes room for {@code bytes} more bytes and returns where they go: the frame writer fills them itself. */
        int claim(int bytes) {
            int at = count;
            int needed = at + bytes;
            if (needed < 0) {
                throw new IllegalStateException("a frame cannot exceed 2 GiB");
            }
            if (needed > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(needed, (int) Math.min(Integer.MAX_VALUE - 8, 2L * buf.length)));
            }
            count = needed;
            return at;
        }

        /** Forgets everything written from {@code position} on. */
        void truncate(int position) {
            count = position;
        }
    }

    private final ArrayBlockingQueue<Buffer> idle = new ArrayBlockingQueue<>(KEPT);

    Buffer take() {
        Buffer buffer = idle.poll();
        return buffer != null ? buffer : new Buffer();
    }

    /** Keeps the buffer for the next message unless the pool is full or the buffer grew too large to keep. */
    void giveBack(Buffer buffer) {
        if (buffer.array().length <= KEPT_MAX_BYTES) {
            buffer.reset();
            idle.offer(buffer);
        }
    }
}
