package io.replsim.replication.transport.wire;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.crypto.Mac;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Consumer;

/**
 * Whether bytes off the network come from a member. Every JGroups frame a member sends ends in a seal: the first
 * {@value #SEAL_BYTES} bytes of an HMAC-SHA256 of the frame under the cluster secret. A frame whose seal does not
 * verify, or that is longer than any frame a member sends, is refused before JGroups reads a byte of it: JGroups'
 * readers allocate whatever a length on the wire asks for (a message's payload, a header's arrays) before any
 * protocol, AUTH included, sees the message, so a stranger's lengths must never reach them. Counts what it refuses.
 */
public final class WireGuard {
    public static final int SEAL_BYTES = 16;
    /** Why a transport throws on a frame that does not open: JGroups then closes the connection it came on. */
    static final String NOT_SEALED = "a frame not sealed with the cluster secret";
    private static final byte[] PURPOSE = "replsim-jgroups-frame".getBytes(StandardCharsets.US_ASCII);
    /** A stranger who sends garbage in a loop gets one log line a second, not one per frame. */
    private static final long LOG_INTERVAL_NANOS = Duration.ofSeconds(1).toNanos();
    private static final Logger log = LoggerFactory.getLogger(WireGuard.class);

    private final FrameKey key;
    private final int maxFrameBytes;
    /** Macs are not thread-safe and cost a provider lookup to make: each thread borrows one and gives it back. */
    private final Queue<Mac> idle = new ConcurrentLinkedQueue<>();
    private volatile Consumer<String> onRefusal = what -> { };
    private final AtomicLong lastLogged = new AtomicLong(System.nanoTime() - LOG_INTERVAL_NANOS);
    private final LongAdder unlogged = new LongAdder();

    /** {@code maxFrameBytes}: the longest frame a member sends, seal included; anything longer is refused unread. */
    public WireGuard(FrameKey key, int maxFrameBytes) {
        this.key = Objects.requireNonNull(key, "key");
        if (maxFrameBytes <= SEAL_BYTES) {
            throw new IllegalArgumentException("maxFrameBytes must leave room for a frame beside its seal, got "
                    + maxFrameBytes);
        }
        this.maxFrameBytes = maxFrameBytes;
    }

    public int maxFrameBytes() {
        return maxFrameBytes;
    }

    /** The frame with its seal after it, in a new array. */
    public byte[] seal(byte[] frame, int offset, int length) {
        byte[] sealed = Arrays.copyOfRange(frame, offset, offset + length + SEAL_BYTES);
        Mac mac = borrow();
        try {
            mac.update(PURPOSE);
            mac.update(sealed, 0, length);
            byte[] full = mac.doFinal();
            System.arraycopy(full, 0, sealed, length, SEAL_BYTES);
        } finally {
            idle.offer(mac);
        }
        return sealed;
    }

    /** Whether {@code length} bytes at {@code offset} are a frame a member sealed (seal included). */
    public boolean opens(byte[] frame, int offset, int length) {
        if (length <= SEAL_BYTES || length > maxFrameBytes) {
            return false;
        }
        Mac mac = borrow();
        try {
            mac.update(PURPOSE);
            mac.update(frame, offset, length - SEAL_BYTES);
            return matches(mac.doFinal(), Arrays.copyOfRange(frame, offset + length - SEAL_BYTES, offset + length));
        } finally {
            idle.offer(mac);
        }
    }

    /** Whether the bytes from {@code frame}'s position to its limit are a sealed frame; the position does not move. */
    public boolean opens(ByteBuffer frame) {
        int length = frame.remaining();
        if (length <= SEAL_BYTES || length > maxFrameBytes) {
            return false;
        }
        byte[] seal = new byte[SEAL_BYTES];
        frame.get(frame.position() + length - SEAL_BYTES, seal);
        Mac mac = borrow();
        try {
            mac.update(PURPOSE);
            mac.update(frame.slice(frame.position(), length - SEAL_BYTES));
            return matches(mac.doFinal(), seal);
        } finally {
            idle.offer(mac);
        }
    }

    /** The frame {@link #opens} accepted, without its seal (a view of the same bytes). */
    public static ByteBuffer contents(ByteBuffer sealed) {
        return sealed.slice(sealed.position(), sealed.remaining() - SEAL_BYTES);
    }

    /** Notes something turned away at the wire (a frame, a connection, a datagram): logged and counted. */
    public void refused(String what) {
        long now = System.nanoTime();
        long last = lastLogged.get();
        if (now - last >= LOG_INTERVAL_NANOS && lastLogged.compareAndSet(last, now)) {
            long more = unlogged.sumThenReset();
            log.warn("refused {}{}", what, more == 0 ? "" : " (and " + more + " more since the last such line)");
        } else {
            unlogged.increment();
        }
        onRefusal.accept(what);
    }

    /** Tells {@code listener} of every refusal from now on, what was refused as the log line says it. */
    public void onRefusal(Consumer<String> listener) {
        this.onRefusal = Objects.requireNonNull(listener, "listener");
    }

    private Mac borrow() {
        Mac mac = idle.poll();
        return mac != null ? mac : key.newMac();
    }

    private static boolean matches(byte[] mac, byte[] seal) {
        return MessageDigest.isEqual(Arrays.copyOf(mac, SEAL_BYTES), seal);
    }
}
