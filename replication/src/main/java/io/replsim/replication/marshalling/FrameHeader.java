package io.replsim.replication.marshalling;

/**
 * The first two bytes of every frame: a magic byte and the format's version, so that bytes from another program,
 * or from a replsim node of an older build that still sent Java serialization streams, are refused with a message
 * that says so instead of being misread.
 */
final class FrameHeader {
    static final byte MAGIC = 0x52; // 'R'
    static final byte VERSION = 2;
    /** What an older replsim build's frames begin with: the Java serialization stream magic 0xACED. */
    private static final byte JAVA_SERIALIZATION_FIRST_BYTE = (byte) 0xAC;

    private FrameHeader() {
    }

    static void write(FrameWriter out) {
        out.writeByte(MAGIC);
        out.writeByte(VERSION);
    }

    static void check(FrameReader in) throws RejectedMessageException {
        byte magic = in.readByte("the frame's magic byte");
        if (magic != MAGIC) {
            String hint = magic == JAVA_SERIALIZATION_FIRST_BYTE
                    ? " (a Java serialization stream: the sender runs an older replsim build, and mixed builds do not"
                    + " replicate with each other)"
                    : "";
            throw new RejectedMessageException("bad magic " + hex(magic),
                    "not a replsim frame: first byte " + hex(magic) + ", expected " + hex(MAGIC) + hint, null);
        }
        byte version = in.readByte("the frame's version");
        if (version != VERSION) {
            throw new RejectedMessageException("frame version " + version,
                    "replsim frame version " + version + " is not the version " + VERSION + " this build reads:"
                            + " run the same replsim build on every member", null);
        }
    }

    private static String hex(byte value) {
        return String.format("0x%02x", value & 0xff);
    }
}
