package io.replsim.replication.marshalling;

import io.replsim.replication.NodeId;
import io.replsim.replication.NotAllowedValue;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.AckStatus;
import io.replsim.replication.message.AttributeDelta;
import io.replsim.replication.message.BackupTransfer;
import io.replsim.replication.message.CopyRemoval;
import io.replsim.replication.message.ReplicationMessage;
import io.replsim.replication.message.EndCause;
import io.replsim.replication.message.SessionEnd;
import io.replsim.replication.message.SessionVersion;
import io.replsim.replication.message.UpdateBundle;
import io.replsim.replication.message.WholeSessionUpdate;
import io.replsim.replication.message.SessionSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/**
 * Frames that are not what a replsim node of this build writes: each is refused with a
 * {@link RejectedMessageException} that names what was wrong, never with another exception or an allocation the
 * frame's size does not justify.
 */
class MalformedFrameTest {
    private static final SessionId ID = new SessionId("abc");
    private static final NodeId OWNER = new NodeId("node2");

    private final MessageMarshaller marshaller = MessageMarshaller.standard();

    /** A hand-written frame: the same big-endian primitives the codec writes. */
    private static final class Frame {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final DataOutputStream out = new DataOutputStream(bytes);

        static Frame withHeader() {
            return new Frame().b(FrameHeader.MAGIC).b(FrameHeader.VERSION);
        }

        Frame b(int value) {
            try {
                out.writeByte(value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Frame i(int value) {
            try {
                out.writeInt(value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Frame l(long value) {
            try {
                out.writeLong(value);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return this;
        }

        Frame s(String value) {
            byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
            i(utf8.length);
            bytes.writeBytes(utf8);
            return this;
        }

        Frame raw(byte[] value) {
            bytes.writeBytes(value);
            return this;
        }

        /** A whole session update's fields up to its attribute count. */
        Frame snapshotHead() {
            return s("abc").l(7).s("node2").l(1).l(2);
        }

        byte[] toBytes() {
            return bytes.toByteArray();
        }
    }

    private RejectedMessageException rejected(byte[] frame) {
        return rejected(marshaller, frame, ReplicationMessage.class);
    }

    private static RejectedMessageException rejected(MessageMarshaller marshaller, byte[] frame, Class<?> expected) {
        Throwable thrown = catchThrowable(() -> marshaller.unmarshal(frame, expected));
        assertThat(thrown).as("what reading the frame threw").isInstanceOf(RejectedMessageException.class);
        return (RejectedMessageException) thrown;
    }

    private static byte[] javaSerialized(Serializable value) {
        var bytes = new ByteArrayOutputStream();
        try (var out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    private static WholeSessionUpdate updateWith(Map<String, Serializable> attributes) {
        return new WholeSessionUpdate(new SessionSnapshot(ID, 7, OWNER, 1L, 2L, attributes));
    }

    @Test
    void anEmptyFrameIsTruncated() {
        assertThat(rejected(new byte[0]).offending()).isEqualTo("truncated frame");
    }

    @Test
    void aFrameWithAnotherMagicByteIsNotAReplsimFrame() {
        var rejection = rejected(new byte[] {0x00, FrameHeader.VERSION, RecordTag.GRAVITATION_REQUEST.code});

        assertThat(rejection.offending()).isEqualTo("bad magic 0x00");
        assertThat(rejection).hasMessageContaining("not a replsim frame");
    }

    @Test
    void aJavaSerializedReplsimRecordFromAnOlderBuildIsRejectedAndExplained() {
        byte[] oldFormat = javaSerialized(updateWith(Map.of("serial", 1)));

        var rejection = rejected(oldFormat);

        assertThat(rejection.offending()).isEqualTo("bad magic 0xac");
        assertThat(rejection).hasMessageContaining("older replsim build")
                .hasMessageContaining("mixed builds do not replicate");
    }

    @Test
    void aFrameOfAnotherVersionIsRejectedAndNamesItsVersion() {
        // version 1: the format before long[] and int[] travelled raw
        byte[] frame = new Frame().b(FrameHeader.MAGIC).b(1).b(RecordTag.GRAVITATION_REQUEST.code).s("abc").toBytes();

        var rejection = rejected(frame);

        assertThat(rejection.offending()).isEqualTo("frame version 1");
        assertThat(rejection).hasMessageContaining("same replsim build");
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 14, 99, -1, -128})
    void anUnknownRecordTagIsRejected(int tag) {
        var rejection = rejected(Frame.withHeader().b(tag).s("abc").toBytes());

        assertThat(rejection.offending()).isEqualTo("unknown record tag " + tag);
    }

    @ParameterizedTest
    @ValueSource(ints = {11, 42, -3})
    void anUnknownValueTagIsRejected(int tag) {
        byte[] frame = Frame.withHeader().b(RecordTag.WHOLE_SESSION_UPDATE.code).snapshotHead().i(1).s("x").b(tag)
                .toBytes();

        assertThat(rejected(frame).offending()).isEqualTo("unknown value tag " + tag);
    }

    @Test
    void anUnknownAckStatusIsRejected() {
        byte[] frame = Frame.withHeader().b(RecordTag.ACK.code).b(AckStatus.values().length).s("").i(0).toBytes();

        assertThat(rejected(marshaller, frame, Ack.class).offending()).startsWith("unknown ack status");
    }

    @Test
    void aBundleHoldingSomethingOtherThanAnUpdateIsRejected() {
        byte[] frame = Frame.withHeader().b(RecordTag.UPDATE_BUNDLE.code).i(1)
                .b(RecordTag.GRAVITATION_REQUEST.code).s("abc").raw(new byte[40]).toBytes();

        assertThat(rejected(frame).offending()).isEqualTo("not a session update: tag "
                + RecordTag.GRAVITATION_REQUEST.code);
    }

    static Stream<Arguments> validFrames() {
        SessionSnapshot snapshot = updateWith(Map.of("payload", new byte[] {1, 2, 3}, "serial", 5, "name", "n",
                "list", new ArrayList<>(List.of(1L, true, 2.5)), "map", new HashMap<>(Map.of("k", "v")),
                "graph", new java.util.TreeMap<>(Map.of("x", 1)))).snapshot();
        SessionSnapshot raw = updateWith(Map.of("payload", new byte[] {1, 2, 3}, "serial", 5, "counters",
                new long[] {4, 5}, "list", new ArrayList<>(List.of(1L, true, 2.5, "s")),
                "map", new HashMap<>(Map.of("k", "v")))).snapshot();
        return Stream.of(
                arguments("whole session", new WholeSessionUpdate(snapshot)),
                arguments("whole session of raw values", new WholeSessionUpdate(raw)),
                arguments("attribute delta", new AttributeDelta(ID, 8, OWNER, 3L, Map.of("serial", 6), Set.of("old"))),
                arguments("bundle", new UpdateBundle(List.of(new WholeSessionUpdate(snapshot),
                        new AttributeDelta(ID, 9, OWNER, 3L, Map.of("serial", 7), Set.of())))),
                arguments("backup transfer", new BackupTransfer(List.of(snapshot))),
                arguments("copy removal", new CopyRemoval(List.of(new SessionVersion(ID, 3)))),
                arguments("session end", new SessionEnd(new SessionVersion(ID, 3))),
                arguments("session expired", new SessionEnd(new SessionVersion(ID, 3), EndCause.EXPIRED)),
                arguments("ack holding a session", Ack.holding(snapshot)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("validFrames")
    void aFrameCutShortAtAnyByteIsRejectedAsTruncated(String name, Serializable message) {
        byte[] whole = marshaller.marshal(message);

        for (int length = 0; length < whole.length; length++) {
            byte[] cut = Arrays.copyOf(whole, length);
            var rejection = rejected(marshaller, cut, Object.class);
            assertThat(rejection.offending()).as("cut at %d of %d bytes", length, whole.length)
                    .isEqualTo("truncated frame");
        }
    }

    @Test
    void aFrameWithBytesAfterItsMessageIsRejected() {
        byte[] whole = marshaller.marshal(updateWith(Map.of("serial", 1)));
        byte[] longer = Arrays.copyOf(whole, whole.length + 1);

        assertThat(rejected(longer).offending()).isEqualTo("trailing bytes");
    }

    @ParameterizedTest
    @ValueSource(ints = {-1, Integer.MIN_VALUE})
    void aNegativeStringLengthIsRejected(int length) {
        byte[] frame = Frame.withHeader().b(RecordTag.GRAVITATION_REQUEST.code).i(length).toBytes();

        var rejection = rejected(frame);

        assertThat(rejection.offending()).isEqualTo("negative length " + length);
        assertThat(rejection).hasMessageContaining("a session id");
    }

    @Test
    void aByteArrayLongerThanTheLimitIsRejectedBeforeItIsAllocated() {
        byte[] frame = Frame.withHeader().b(RecordTag.WHOLE_SESSION_UPDATE.code).snapshotHead().i(1).s("x")
                .b(ValueTag.BYTES.code).i(Integer.MAX_VALUE).toBytes();

        assertThat(rejected(frame).offending()).isEqualTo("array length " + Integer.MAX_VALUE + " > "
                + DeserializationLimits.DEFAULT.maxArrayLength());
    }

    @Test
    void aLengthWithinTheLimitButBeyondTheFrameIsRejectedBeforeItIsAllocated() {
        byte[] frame = Frame.withHeader().b(RecordTag.WHOLE_SESSION_UPDATE.code).snapshotHead().i(1).s("x")
                .b(ValueTag.BYTES.code).i(10_000_000).raw(new byte[100]).toBytes();

        var rejection = rejected(frame);

        assertThat(rejection.offending()).isEqualTo("truncated frame");
        assertThat(rejection).hasMessageContaining("claims 10000000");
    }

    @Test
    void aLongArrayWhoseLengthNeedsMoreBytesThanTheFrameHoldsIsRejectedBeforeItIsAllocated() {
        // 100 longs need 800 bytes; the frame holds 400 after the count (a count of bytes would pass)
        byte[] longs = Frame.withHeader().b(RecordTag.VALUE.code).b(ValueTag.LONGS.code).i(100).raw(new byte[400])
                .toBytes();

        assertThat(rejected(marshaller, longs, Object.class)).hasMessageContaining("claims 100 elements of at least 8");
    }

    @Test
    void aFrameCutInsideALengthNamesTheLength() {
        byte[] longs = Frame.withHeader().b(RecordTag.VALUE.code).b(ValueTag.LONGS.code).raw(new byte[2]).toBytes();

        assertThat(rejected(marshaller, longs, Object.class)).hasMessageContaining(" length (4 bytes needed)");
    }

    @Test
    void aHugeElementCountInASmallFrameIsRejected() {
        byte[] list = Frame.withHeader().b(RecordTag.VALUE.code).b(ValueTag.ARRAY_LIST.code).i(1_000_000)
                .raw(new byte[64]).toBytes();
        byte[] sessions = Frame.withHeader().b(RecordTag.BACKUP_TRANSFER.code).i(5_000_000).raw(new byte[64])
                .toBytes();
        byte[] map = Frame.withHeader().b(RecordTag.VALUE.code).b(ValueTag.HASH_MAP.code).i(40).raw(new byte[64])
                .toBytes();

        assertThat(rejected(marshaller, list, Object.class).offending()).isEqualTo("truncated frame");
        assertThat(rejected(sessions).offending()).isEqualTo("truncated frame");
        assertThat(rejected(marshaller, map, Object.class).offending()).isEqualTo("truncated frame");
    }

    @Test
    void aFrameLargerThanTheStreamLimitIsRejectedUnread() {
        var strict = new MessageMarshaller(AllowList.standard(), new DeserializationLimits(20, 1_000, 1_000, 500));
        byte[] frame = strict.marshal(updateWith(Map.of("payload", new byte[600])));

        assertThat(rejected(strict, frame, ReplicationMessage.class).offending()).startsWith("stream bytes");
    }

    @Test
    void moreObjectsThanTheReferenceLimitAreRejected() {
        var strict = new MessageMarshaller(AllowList.standard(), new DeserializationLimits(20, 50, 1_000, 100_000));
        var many = new ArrayList<Serializable>();
        for (int i = 0; i < 100; i++) {
            many.add(i);
        }
        byte[] frame = strict.marshal(updateWith(Map.of("many", many)));

        assertThat(rejected(strict, frame, ReplicationMessage.class).offending()).startsWith("references 51 > 50");
    }

    @Test
    void rawListsNestedDeeperThanTheLimitAreRejected() {
        var strict = new MessageMarshaller(AllowList.standard(), new DeserializationLimits(4, 1_000, 1_000, 100_000));
        Frame frame = Frame.withHeader().b(RecordTag.VALUE.code);
        for (int level = 0; level < 6; level++) {
            frame.b(ValueTag.ARRAY_LIST.code).i(1);
        }
        frame.b(ValueTag.NULL.code);

        assertThat(rejected(strict, frame.toBytes(), Object.class).offending()).isEqualTo("depth 5 > 4");
    }

    @Test
    void rawListsNestedDeeperThanTheLimitInASessionsAttributesAreRejected() {
        var strict = new MessageMarshaller(AllowList.standard(), new DeserializationLimits(4, 1_000, 1_000, 100_000));
        Frame frame = Frame.withHeader().b(RecordTag.WHOLE_SESSION_UPDATE.code).snapshotHead().i(1).s("x");
        for (int level = 0; level < 6; level++) {
            frame.b(ValueTag.ARRAY_LIST.code).i(1);
        }
        frame.b(ValueTag.NULL.code);

        assertThat(rejected(strict, frame.toBytes(), ReplicationMessage.class).offending()).isEqualTo("depth 5 > 4");
    }

    @Test
    void aBooleanThatIsNeitherZeroNorOneInASessionsAttributesIsRejected() {
        byte[] frame = Frame.withHeader().b(RecordTag.WHOLE_SESSION_UPDATE.code).snapshotHead().i(1).s("x")
                .b(ValueTag.HASH_MAP.code).i(1).b(ValueTag.STRING.code).s("k").b(ValueTag.BOOLEAN.code).b(2).toBytes();

        assertThat(rejected(frame).offending()).isEqualTo("bad boolean");
    }

    @Test
    void aBooleanThatIsNeitherZeroNorOneIsRejected() {
        byte[] frame = Frame.withHeader().b(RecordTag.VALUE.code).b(ValueTag.BOOLEAN.code).b(2).toBytes();

        assertThat(rejected(marshaller, frame, Object.class).offending()).isEqualTo("bad boolean");
    }

    @Test
    void aRecordWhoseFieldItsConstructorRefusesIsRejected() {
        byte[] blankId = Frame.withHeader().b(RecordTag.GRAVITATION_REQUEST.code).s(" ").toBytes();
        byte[] badOwner = Frame.withHeader().b(RecordTag.WHOLE_SESSION_UPDATE.code).s("abc").l(7).s("no spaces")
                .l(1).l(2).i(0).toBytes();
        byte[] negativeVersion = Frame.withHeader().b(RecordTag.WHOLE_SESSION_UPDATE.code).s("abc").l(-7).s("node2")
                .l(1).l(2).i(0).toBytes();

        assertThat(rejected(blankId).offending()).isEqualTo("invalid GravitationRequest");
        assertThat(rejected(badOwner).offending()).isEqualTo("invalid WholeSessionUpdate");
        assertThat(rejected(negativeVersion)).hasMessageContaining("never negative");
    }

    @Test
    void aNullAttributeValueIsRejectedAndNamed() {
        byte[] frame = Frame.withHeader().b(RecordTag.WHOLE_SESSION_UPDATE.code).snapshotHead().i(1).s("x")
                .b(ValueTag.NULL.code).toBytes();

        var rejection = rejected(frame);

        assertThat(rejection.offending()).isEqualTo("null attribute");
        assertThat(rejection.getMessage()).contains("attribute x at offset").contains("is null");
    }

    @Test
    void anAttributeNamedTwiceIsRejected() {
        byte[] frame = Frame.withHeader().b(RecordTag.WHOLE_SESSION_UPDATE.code).snapshotHead().i(2)
                .s("x").b(ValueTag.INTEGER.code).i(1).s("x").b(ValueTag.INTEGER.code).i(2).toBytes();

        var rejection = rejected(frame);

        assertThat(rejection.offending()).isEqualTo("duplicate attribute");
        assertThat(rejection.getMessage()).contains("the session's attributes name one attribute twice");
    }

    @Test
    void aClassOutsideTheAllowListInsideAValueStreamIsRejectedAndNamed() {
        byte[] frame = marshaller.marshal(updateWith(Map.of("evil", new NotAllowedValue("boom"))));

        var rejection = rejected(frame);

        assertThat(rejection.offending()).isEqualTo(NotAllowedValue.class.getName());
    }

    @Test
    void aReplsimRecordInsideAValueStreamIsRejectedByTheAllowList() {
        byte[] stream = javaSerialized(updateWith(Map.of("serial", 1)).snapshot());
        byte[] frame = Frame.withHeader().b(RecordTag.VALUE.code).b(ValueTag.SERIALIZED.code).i(stream.length)
                .raw(stream).toBytes();

        var rejection = rejected(marshaller, frame, Object.class);

        assertThat(rejection.offending()).isEqualTo(SessionSnapshot.class.getName());
    }

    @Test
    void garbageInsideAValueStreamIsRejected() {
        byte[] frame = Frame.withHeader().b(RecordTag.VALUE.code).b(ValueTag.SERIALIZED.code).i(4)
                .raw(new byte[] {1, 2, 3, 4}).toBytes();

        assertThat(rejected(marshaller, frame, Object.class).offending()).startsWith("malformed serialized value");
    }

    @Test
    void aValueStreamDeeperThanWhatIsLeftOfTheDepthLimitIsRejected() {
        var strict = new MessageMarshaller(AllowList.standard(), new DeserializationLimits(4, 1_000, 1_000, 100_000));
        var nested = new java.util.LinkedList<Serializable>(List.of(new java.util.LinkedList<>(List.of(1))));
        byte[] stream = javaSerialized(nested);
        // two raw lists, then the stream: its objects start at depth 3 of 4
        byte[] frame = Frame.withHeader().b(RecordTag.VALUE.code).b(ValueTag.ARRAY_LIST.code).i(1)
                .b(ValueTag.ARRAY_LIST.code).i(1).b(ValueTag.SERIALIZED.code).i(stream.length).raw(stream)
                .toBytes();

        assertThat(rejected(strict, frame, Object.class).offending()).startsWith("depth");
    }

    @Test
    void aValidMessageOfTheWrongTypeIsRejected() {
        byte[] ack = marshaller.marshal(new Ack(AckStatus.BUSY, "busy"));

        assertThat(rejected(ack)).hasMessageContaining("expected a " + ReplicationMessage.class.getName());
    }

    @Test
    void aFrameWithAnyByteChangedIsReadOrRejectedButNeverThrowsAnythingElse() {
        byte[] whole = marshaller.marshal(new UpdateBundle(List.of(updateWith(Map.of("serial", 5, "name", "n",
                "list", new ArrayList<>(List.of(1L, "x")), "graph", new java.util.TreeMap<>(Map.of("x", 1)))))));

        for (int at = 0; at < whole.length; at++) {
            for (int value : new int[] {0x00, 0x01, 0x7f, 0x80, 0xff}) {
                byte[] changed = whole.clone();
                changed[at] = (byte) value;
                Throwable thrown = catchThrowable(() -> marshaller.unmarshal(changed, Object.class));
                if (thrown != null) {
                    assertThat(thrown).as("byte %d set to %d", at, value).isInstanceOf(RejectedMessageException.class);
                }
            }
        }
    }

    @Test
    void randomBytesAfterAValidHeaderAreRejectedAndNeverThrowAnythingElse() {
        var random = new Random(20261125L);
        for (int round = 0; round < 5_000; round++) {
            byte[] tail = new byte[random.nextInt(64)];
            random.nextBytes(tail);
            if (tail.length > 0) {
                tail[0] = (byte) (1 + random.nextInt(RecordTag.values().length)); // mostly a known record
            }
            byte[] frame = Frame.withHeader().raw(tail).toBytes();
            Throwable thrown = catchThrowable(() -> marshaller.unmarshal(frame, ReplicationMessage.class));
            assertThat(thrown).as("round %d: %s", round, Arrays.toString(frame))
                    .isInstanceOf(RejectedMessageException.class);
        }
    }

    @Test
    void aRejectionForATruncatedFrameSaysWhatWasBeingRead() {
        byte[] whole = marshaller.marshal(new SessionEnd(new SessionVersion(ID, 3)));

        var rejection = catchThrowableOfType(RejectedMessageException.class,
                () -> marshaller.unmarshal(Arrays.copyOf(whole, whole.length - 2), ReplicationMessage.class));

        assertThat(rejection).hasMessageContaining("a session version").hasMessageContaining("offset");
    }
}
