package io.replsim.replication.marshalling;

import io.replsim.replication.NodeId;
import io.replsim.replication.NotAllowedValue;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.AttributeDelta;
import io.replsim.replication.message.AckStatus;
import io.replsim.replication.message.BackupTransfer;
import io.replsim.replication.message.CopyRemoval;
import io.replsim.replication.message.GravitationRequest;
import io.replsim.replication.message.ReplicationMessage;
import io.replsim.replication.message.SessionVersion;
import io.replsim.replication.message.UpdateBundle;
import io.replsim.replication.message.WholeSessionUpdate;
import io.replsim.replication.message.SessionSnapshot;
import org.junit.jupiter.api.Test;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class MessageMarshallerTest {
    /** An allowed class's subclass: the shape of many deserialization gadgets. */
    static final class SubclassedMap extends HashMap<String, Serializable> {
    }

    private final MessageMarshaller marshaller = MessageMarshaller.standard();

    private static WholeSessionUpdate updateWith(Map<String, Serializable> attributes) {
        return new WholeSessionUpdate(new SessionSnapshot(new SessionId("abc"), 7, new NodeId("node2"),
                1_000L, 2_000L, attributes));
    }

    @Test
    void aWholeSessionUpdateSurvivesTheRoundTrip() throws Exception {
        var nested = new HashMap<String, Serializable>();
        nested.put("list", new ArrayList<>(List.of(1L, "two", 3.0)));
        var original = updateWith(Map.of("serial", 42, "payload", new byte[] {1, 2, 3}, "name", "x",
                "nested", nested, "immutable", (Serializable) List.of("a", "b")));

        var copy = marshaller.unmarshal(marshaller.marshal(original), ReplicationMessage.class);

        assertThat(copy).isInstanceOf(WholeSessionUpdate.class);
        SessionSnapshot snapshot = ((WholeSessionUpdate) copy).snapshot();
        assertThat(snapshot.id()).isEqualTo(new SessionId("abc"));
        assertThat(snapshot.version()).isEqualTo(7);
        assertThat(snapshot.owner()).isEqualTo(new NodeId("node2"));
        assertThat(snapshot.createdEpochMs()).isEqualTo(1_000L);
        assertThat(snapshot.lastAccessEpochMs()).isEqualTo(2_000L);
        assertThat(snapshot.attributes()).containsOnlyKeys("serial", "payload", "name", "nested", "immutable");
        assertThat(snapshot.attributes().get("serial")).isEqualTo(42);
        assertThat((byte[]) snapshot.attributes().get("payload")).containsExactly(1, 2, 3);
        assertThat(snapshot.attributes().get("nested")).isEqualTo(nested);
        assertThat(snapshot.attributes().get("immutable")).isEqualTo(List.of("a", "b"));
    }

    @Test
    void aMessageMarshalledInPlaceIsTheSameBytesAndReadsBackTheSame() throws Exception {
        var original = updateWith(Map.of("serial", 1, "payload", new byte[64 * 1024]));
        byte[] expected = marshaller.marshal(original);

        for (int round = 0; round < 3; round++) { // the second and third reuse the first one's buffer
            try (MarshalledMessage inPlace = marshaller.marshalInPlace(original)) {
                assertThat(inPlace.length()).isEqualTo(expected.length);
                assertThat(Arrays.copyOf(inPlace.array(), inPlace.length())).isEqualTo(expected);
                var copy = (WholeSessionUpdate) marshaller.unmarshal(inPlace.array(), 0, inPlace.length(),
                        ReplicationMessage.class);
                assertThat(copy.snapshot().version()).isEqualTo(7);
                assertThat((byte[]) copy.snapshot().attributes().get("payload")).hasSize(64 * 1024);
            }
        }
    }

    @Test
    void aFrozenUpdateTravelsWithItsValuesAsTheyWereWhenItWasFrozen() throws Exception {
        byte[] payload = {1, 1, 1};
        long[] counter = {5};
        var cart = new HashMap<String, Serializable>(Map.of("item", new ArrayList<>(List.of(1L))));
        var history = new java.util.LinkedList<>(List.of("first")); // not raw: a Java serialization stream
        var frozen = marshaller.frozen(updateWith(Map.of("serial", 3, "name", "x", "payload", payload,
                "counter", counter, "cart", cart, "history", history)));

        // a later request changes every mutable value in place
        Arrays.fill(payload, (byte) 2);
        counter[0] = 6;
        cart.put("item", new ArrayList<>(List.of(2L)));
        history.add("second");

        var copy = ((WholeSessionUpdate) marshaller.unmarshal(marshaller.marshal(frozen), ReplicationMessage.class))
                .snapshot();
        assertThat(copy.version()).isEqualTo(7);
        assertThat(copy.attributes().get("serial")).isEqualTo(3);
        assertThat(copy.attributes().get("name")).isEqualTo("x");
        assertThat((byte[]) copy.attributes().get("payload")).containsExactly(1, 1, 1);
        assertThat((long[]) copy.attributes().get("counter")).containsExactly(5);
        assertThat(copy.attributes().get("cart")).isEqualTo(Map.of("item", List.of(1L)));
        assertThat(copy.attributes().get("history")).isEqualTo(List.of("first"));
    }

    @Test
    void aFrozenDeltaTravelsWithItsValuesAsTheyWereAndItsRemovals() throws Exception {
        byte[] payload = {1, 1};
        var frozen = marshaller.frozen(new AttributeDelta(new SessionId("abc"), 8, new NodeId("node2"), 3_000L,
                Map.of("payload", payload), java.util.Set.of("gone")));
        Arrays.fill(payload, (byte) 2);

        var copy = (AttributeDelta) marshaller.unmarshal(marshaller.marshal(frozen), ReplicationMessage.class);

        assertThat(copy.version()).isEqualTo(8);
        assertThat(copy.lastAccessEpochMs()).isEqualTo(3_000L);
        assertThat((byte[]) copy.changed().get("payload")).containsExactly(1, 1);
        assertThat(copy.removed()).containsExactly("gone");
    }

    @Test
    void aFrozenValueIsWrittenAsTheValueItWasSoTheBackupReadsTheSameFrame() throws Exception {
        var update = updateWith(Map.of("payload", new byte[] {4, 5}));

        assertThat(marshaller.marshal(marshaller.frozen(update))).isEqualTo(marshaller.marshal(update));
    }

    @Test
    void aFrozenValueCannotLeaveAsAJavaSerializationStream() {
        var frozen = marshaller.frozen(updateWith(Map.of("payload", new byte[] {1})));
        Serializable value = frozen.snapshot().attributes().get("payload");
        assertThat(value).isInstanceOf(FrozenValue.class);

        assertThatThrownBy(() -> new java.io.ObjectOutputStream(java.io.OutputStream.nullOutputStream())
                .writeObject(value)).isInstanceOf(java.io.NotSerializableException.class);
    }

    @Test
    void aClosedMarshalledMessageRefusesToBeRead() {
        MarshalledMessage message = marshaller.marshalInPlace(Ack.of(AckStatus.APPLIED));
        message.close();

        assertThatThrownBy(message::array).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(message::copy).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aSmallMessageMarshalledAfterALargeOneIsOnlyItsOwnBytes() throws Exception {
        try (MarshalledMessage large = marshaller.marshalInPlace(updateWith(Map.of("payload", new byte[100_000])))) {
            assertThat(large.length()).isGreaterThan(100_000);
        }
        var ack = new Ack(AckStatus.BUSY, "busy");

        try (MarshalledMessage small = marshaller.marshalInPlace(ack)) {
            assertThat(small.length()).isEqualTo(marshaller.marshal(ack).length);
            assertThat(marshaller.unmarshal(small.copy(), Ack.class)).isEqualTo(ack);
        }
    }

    @Test
    void anAckSurvivesTheRoundTrip() throws Exception {
        var ack = new Ack(AckStatus.STALE, "v3 <= v5");

        assertThat(marshaller.unmarshal(marshaller.marshal(ack), Ack.class)).isEqualTo(ack);
    }

    @Test
    void everyBuddyAndBundleMessageSurvivesTheRoundTrip() throws Exception {
        SessionSnapshot snapshot = updateWith(Map.of("serial", 1)).snapshot();
        List<ReplicationMessage> messages = List.of(new BackupTransfer(List.of(snapshot, snapshot)),
                new CopyRemoval(List.of(new SessionVersion(new SessionId("abc"), 6))),
                new GravitationRequest(new SessionId("abc")),
                new UpdateBundle(List.of(new WholeSessionUpdate(snapshot), new WholeSessionUpdate(snapshot))));

        for (ReplicationMessage message : messages) {
            assertThat(marshaller.unmarshal(marshaller.marshal(message), ReplicationMessage.class)).isEqualTo(message);
        }
        var holding = Ack.holding(snapshot);
        assertThat(marshaller.unmarshal(marshaller.marshal(holding), Ack.class).carried()).containsExactly(snapshot);
    }

    @Test
    void aGravitationAnswerCarryingAClassOutsideTheAllowListIsRejected() {
        byte[] bytes = marshaller.marshal(Ack.holding(updateWith(Map.of("evil", new NotAllowedValue("boom")))
                .snapshot()));

        var rejected = catchThrowableOfType(RejectedMessageException.class,
                () -> marshaller.unmarshal(bytes, Ack.class));

        assertThat(rejected.offending()).isEqualTo(NotAllowedValue.class.getName());
    }

    @Test
    void aClassOutsideTheAllowListIsRejectedAndNamed() {
        byte[] bytes = marshaller.marshal(updateWith(Map.of("evil", new NotAllowedValue("boom"))));

        var rejected = catchThrowableOfType(RejectedMessageException.class,
                () -> marshaller.unmarshal(bytes, ReplicationMessage.class));

        assertThat(rejected.offending()).isEqualTo(NotAllowedValue.class.getName());
    }

    @Test
    void aMessageReadFromTheMiddleOfABufferIsTheMessageAndNothingAround() throws Exception {
        byte[] message = marshaller.marshal(updateWith(Map.of("serial", 9)));
        byte[] buffer = new byte[message.length + 20];
        Arrays.fill(buffer, (byte) 0x7f);
        System.arraycopy(message, 0, buffer, 12, message.length);

        var copy = marshaller.unmarshal(buffer, 12, message.length, ReplicationMessage.class);

        assertThat(((WholeSessionUpdate) copy).snapshot().attributes()).containsExactly(Map.entry("serial", 9));
    }

    @Test
    void aClassOutsideTheAllowListIsRejectedWhenReadFromTheMiddleOfABuffer() {
        byte[] message = marshaller.marshal(updateWith(Map.of("evil", new NotAllowedValue("boom"))));
        byte[] buffer = new byte[message.length + 8];
        System.arraycopy(message, 0, buffer, 8, message.length);

        var rejected = catchThrowableOfType(RejectedMessageException.class,
                () -> marshaller.unmarshal(buffer, 8, message.length, ReplicationMessage.class));

        assertThat(rejected.offending()).isEqualTo(NotAllowedValue.class.getName());
    }

    @Test
    void aSubclassOfAnAllowedClassIsRejected() {
        var subclassed = new SubclassedMap();
        subclassed.put("k", "v");
        byte[] bytes = marshaller.marshal(updateWith(Map.of("m", subclassed)));

        var rejected = catchThrowableOfType(RejectedMessageException.class,
                () -> marshaller.unmarshal(bytes, ReplicationMessage.class));

        assertThat(rejected.offending()).isEqualTo(SubclassedMap.class.getName());
    }

    @Test
    void nestingDeeperThanTheLimitIsRejected() {
        var strict = new MessageMarshaller(AllowList.standard(), new DeserializationLimits(8, 1_000, 1_000, 100_000));
        ArrayList<Serializable> deep = new ArrayList<>();
        ArrayList<Serializable> innermost = deep;
        for (int level = 0; level < 10; level++) {
            var next = new ArrayList<Serializable>();
            innermost.add(next);
            innermost = next;
        }
        byte[] bytes = strict.marshal(updateWith(Map.of("deep", deep)));

        var rejected = catchThrowableOfType(RejectedMessageException.class,
                () -> strict.unmarshal(bytes, ReplicationMessage.class));

        assertThat(rejected.offending()).startsWith("depth");
    }

    @Test
    void anArrayLongerThanTheLimitIsRejected() {
        var strict = new MessageMarshaller(AllowList.standard(), new DeserializationLimits(20, 1_000, 100, 100_000));
        byte[] bytes = strict.marshal(updateWith(Map.of("payload", new byte[101])));

        var rejected = catchThrowableOfType(RejectedMessageException.class,
                () -> strict.unmarshal(bytes, ReplicationMessage.class));

        assertThat(rejected.offending()).startsWith("array length 101");
    }

    @Test
    void anAllowedValueOfTheWrongTypeIsRejected() {
        byte[] bytes = marshaller.marshal("just a string");

        assertThatThrownBy(() -> marshaller.unmarshal(bytes, ReplicationMessage.class))
                .isInstanceOf(RejectedMessageException.class)
                .hasMessageContaining("expected a " + ReplicationMessage.class.getName());
    }

    @Test
    void garbageIsRejected() {
        assertThatThrownBy(() -> marshaller.unmarshal(new byte[] {1, 2, 3, 4}, ReplicationMessage.class))
                .isInstanceOf(RejectedMessageException.class);
    }

    @Test
    void aSnapshotFailingItsOwnValidationIsRejected() throws Exception {
        byte[] bytes = marshaller.marshal(updateWith(Map.of()));
        // Flip the version (a long in the stream) to a negative number: the canonical constructor must refuse it.
        byte[] tampered = bytes.clone();
        int at = indexOfLong(tampered, 7L);
        tampered[at] = (byte) 0xFF;

        assertThatThrownBy(() -> marshaller.unmarshal(tampered, ReplicationMessage.class))
                .isInstanceOf(RejectedMessageException.class);
    }

    private static int indexOfLong(byte[] bytes, long value) {
        var buffer = java.nio.ByteBuffer.wrap(bytes);
        for (int i = 0; i + 8 <= bytes.length; i++) {
            if (buffer.getLong(i) == value) {
                return i;
            }
        }
        throw new AssertionError("value " + value + " not in the stream");
    }
}
