package io.replsim.replication.transport.wire;

import org.jgroups.Version;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Random;

/**
 * What a stranger on the network sends a member's ports, written out byte by byte as a stranger would, from
 * JGroups' public wire format (issue 25, item 5: each of these killed a node process before the wire was guarded).
 */
public final class StrangerBytes {
    /** JGroups' BytesMessage type and DH_KEY_EXCHANGE's header's magic number (jg-magic-map.xml). */
    private static final short BYTES_MESSAGE = 0;
    private static final short DH_HEADER_MAGIC = 92;
    private static final int HUGE = 0x7fffffff;

    private StrangerBytes() {
    }

    /** The 15 bytes a JGroups TCP peer opens with: cookie, version, address size, then 127.0.0.1:{@code port}. */
    public static byte[] preamble(int claimedPort) {
        return write(out -> {
            out.write(new byte[] {'b', 'e', 'l', 'a'});
            out.writeShort(Version.version);
            out.writeShort(7);
            out.writeByte(4);
            out.write(new byte[] {127, 0, 0, 1});
            out.writeShort(claimedPort);
        });
    }

    /**
     * 33 bytes for a JGroups port: the preamble, then a 14-byte frame holding one message whose payload length is
     * 0x7fffffff ({@code BytesMessage.readPayload} allocated it).
     */
    public static byte[] hugePayload(int claimedPort) {
        return framed(claimedPort, hugePayloadFrame());
    }

    /** The 14-byte frame of {@link #hugePayload} alone, as a datagram to a UDP member carries it. */
    public static byte[] hugePayloadFrame() {
        return write(out -> {
            out.writeShort(Version.version);
            out.writeByte(0); // flags: one message, not a batch
            out.writeShort(BYTES_MESSAGE);
            out.writeByte(0); // no destination, no sender
            out.writeShort(0); // message flags
            out.writeShort(0); // no headers
            out.writeInt(HUGE);
        });
    }

    /**
     * 33 bytes for an FD_SOCK2 port, which reads a message without the transport's version and type: one header,
     * DH_KEY_EXCHANGE's, whose key length is 0x7fffffff (any header JGroups knows is read, in any stack).
     */
    public static byte[] hugeHeader(int claimedPort) {
        return framed(claimedPort, write(out -> {
            out.writeByte(0);
            out.writeShort(0);
            out.writeShort(1); // one header
            out.writeShort(5); // the protocol id it claims to be for
            out.writeShort(DH_HEADER_MAGIC);
            out.writeByte(0); // SECRET_KEY_REQ
            out.writeInt(HUGE);
        }));
    }

    /** The preamble, then a frame length of 0x7fffffff (2 GB) and a few bytes of it. */
    public static byte[] hugeFrameLength(int claimedPort) {
        return write(out -> {
            out.write(preamble(claimedPort));
            out.writeInt(HUGE);
            out.write(new byte[64]);
        });
    }

    /** Bytes from a seeded generator: no protocol at all. */
    public static byte[] random(long seed, int length) {
        byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    private static byte[] framed(int claimedPort, byte[] frame) {
        return write(out -> {
            out.write(preamble(claimedPort));
            out.writeInt(frame.length);
            out.write(frame);
        });
    }

    private interface Writing {
        void to(DataOutputStream out) throws IOException;
    }

    private static byte[] write(Writing writing) {
        var bytes = new ByteArrayOutputStream();
        try {
            writing.to(new DataOutputStream(bytes));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }
}
