package io.replsim.replication.marshalling;

import io.replsim.replication.NodeId;
import io.replsim.replication.NotAllowedValue;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.SessionMetadata;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.AckStatus;
import io.replsim.replication.message.AttributeDelta;
import io.replsim.replication.message.BackupTransfer;
import io.replsim.replication.message.CopyRemoval;
import io.replsim.replication.message.GravitationRequest;
import io.replsim.replication.message.OwnershipClaims;
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
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.Serializable;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.params.provider.Arguments.arguments;

/** Every record type and every value tag of the wire format comes back equal, of the same class. */
class FrameRoundTripTest {
    private static final SessionId ID = new SessionId("abc");
    private static final NodeId OWNER = new NodeId("node2");

    private final MessageMarshaller marshaller = MessageMarshaller.standard();

    private static SessionSnapshot snapshot(Map<String, Serializable> attributes) {
        return new SessionSnapshot(ID, 7, OWNER, 1_000L, 2_000L, attributes);
    }

    private <T> T roundTrip(Serializable value, Class<T> expected) throws RejectedMessageException {
        return marshaller.unmarshal(marshaller.marshal(value), expected);
    }

    /**
     * Field by field, byte[] by content (a record's own equals compares them by identity), with every class the
     * same, and doubles by {@link Double#equals} (NaN equals NaN, -0.0 differs from 0.0).
     */
    private static void assertEqualAndOfTheSameClasses(Object actual, Object expected) {
        assertThat(actual).usingRecursiveComparison().withStrictTypeChecking()
                .withEqualsForType(Double::equals, Double.class).withEqualsForType(Arrays::equals, byte[].class)
                .isEqualTo(expected);
    }

    static Stream<Arguments> messages() {
        SessionSnapshot small = snapshot(Map.of("serial", 1, "name", "x"));
        SessionSnapshot other = new SessionSnapshot(new SessionId("def"), 3, new NodeId("node-3_b"), 5L, 6L,
                Map.of("payload", new byte[] {9, 8, 7}));
        var delta = new AttributeDelta(ID, 8, OWNER, 3_000L, Map.of("serial", 2, "cart", new ArrayList<>(List.of("a"))),
                Set.of("gone", "also-gone"));
        return Stream.of(
                arguments("whole session", new WholeSessionUpdate(small)),
                arguments("whole session without attributes", new WholeSessionUpdate(snapshot(Map.of()))),
                arguments("attribute delta", delta),
                arguments("attribute delta that only removes",
                        new AttributeDelta(ID, 2, OWNER, 0L, Map.of(), Set.of("x"))),
                arguments("attribute delta that changes nothing",
                        new AttributeDelta(ID, 2, OWNER, Long.MIN_VALUE, Map.of(), Set.of())),
                arguments("bundle of whole and delta", new UpdateBundle(List.of(new WholeSessionUpdate(small), delta,
                        new WholeSessionUpdate(other)))),
                arguments("backup transfer", new BackupTransfer(List.of(small, other))),
                arguments("empty backup transfer", new BackupTransfer(List.of())),
                arguments("copy removal", new CopyRemoval(List.of(new SessionVersion(ID, 6),
                        new SessionVersion(new SessionId("zzz"), Long.MAX_VALUE)))),
                arguments("empty copy removal", new CopyRemoval(List.of())),
                arguments("session end", new SessionEnd(new SessionVersion(ID, 12))),
                arguments("session expired", new SessionEnd(new SessionVersion(ID, 12), EndCause.EXPIRED)),
                arguments("gravitation request", new GravitationRequest(ID)),
                arguments("ownership claims", new OwnershipClaims(List.of(small, other))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("messages")
    void everyReplicationMessageComesBackEqual(String name, ReplicationMessage message) throws Exception {
        assertEqualAndOfTheSameClasses(roundTrip(message, ReplicationMessage.class), message);
    }

    @ParameterizedTest
    @EnumSource(AckStatus.class)
    void anAckOfEveryStatusComesBackEqual(AckStatus status) throws Exception {
        var ack = new Ack(status, "detail of " + status);

        assertThat(roundTrip(ack, Ack.class)).isEqualTo(ack);
    }

    @Test
    void anAckCarryingSessionsComesBackWithThem() throws Exception {
        SessionSnapshot held = snapshot(Map.of("payload", new byte[] {1, 2}, "serial", 4));

        Ack copy = roundTrip(Ack.holding(held), Ack.class);

        assertThat(copy.status()).isEqualTo(AckStatus.HELD);
        assertThat(copy.carried()).singleElement().satisfies(snapshot -> {
            assertThat(snapshot.id()).isEqualTo(ID);
            assertThat((byte[]) snapshot.attributes().get("payload")).containsExactly(1, 2);
            assertThat(snapshot.attributes().get("serial")).isEqualTo(4);
        });
    }

    @Test
    void theInfinispanEnginesSnapshotEntryComesBackEqual() throws Exception {
        SessionSnapshot snapshot = snapshot(Map.of("serial", 3, "name", "élan"));

        assertThat(roundTrip(snapshot, SessionSnapshot.class)).isEqualTo(snapshot);
    }

    @Test
    void theInfinispanEnginesMetadataEntryComesBackEqual() throws Exception {
        var metadata = new SessionMetadata(ID, 9, OWNER, 10L, 20L, Set.of("serial", "cart", "名前"));

        assertThat(roundTrip(metadata, SessionMetadata.class)).isEqualTo(metadata);
    }

    @Test
    void theInfinispanEnginesMetadataWithoutAttributesComesBackEqual() throws Exception {
        var metadata = new SessionMetadata(ID, 0, OWNER, 0L, 0L, Set.of());

        assertThat(roundTrip(metadata, SessionMetadata.class)).isEqualTo(metadata);
    }

    static Stream<Arguments> values() {
        var mixed = new ArrayList<Serializable>(Arrays.asList(1, null, "two", 3L, 4.5, true, new byte[] {5}));
        var nullKeyAndValue = new HashMap<Serializable, Serializable>();
        nullKeyAndValue.put(null, "value of null");
        nullKeyAndValue.put("null value", null);
        var nonStringKeys = new HashMap<Serializable, Serializable>();
        nonStringKeys.put(1, "one");
        nonStringKeys.put(2L, "two");
        nonStringKeys.put(false, "no");
        var nested = new HashMap<String, Serializable>();
        nested.put("list", new ArrayList<>(List.of(1L, "two", 3.0)));
        nested.put("map", new HashMap<>(Map.of("inner", new ArrayList<>(List.of(new HashMap<>(Map.of("k", 1)))))));
        return Stream.of(
                arguments("empty byte[]", new byte[0]),
                arguments("byte[]", new byte[] {-128, -1, 0, 1, 127}),
                arguments("1 MiB byte[]", largeBytes(1 << 20)),
                arguments("empty long[]", new long[0]),
                arguments("long[]", new long[] {Long.MIN_VALUE, -1, 0, 1, Long.MAX_VALUE}),
                arguments("empty String", ""),
                arguments("ASCII String", "plain text"),
                arguments("unicode String", "héllo wörld, 日本語, emoji 😀🎉, combining é, RTL עברית"),
                arguments("large String", "ü".repeat(200_000)),
                arguments("Integer", 42),
                arguments("Integer extremes", Integer.MIN_VALUE),
                arguments("Long", Long.MAX_VALUE),
                arguments("Boolean true", true),
                arguments("Boolean false", false),
                arguments("Double", 3.25),
                arguments("Double NaN", Double.NaN),
                arguments("Double negative zero", -0.0),
                arguments("Double infinity", Double.NEGATIVE_INFINITY),
                arguments("empty ArrayList", new ArrayList<>()),
                arguments("ArrayList of every raw type and null", mixed),
                arguments("empty HashMap", new HashMap<>()),
                arguments("HashMap with a null key and a null value", nullKeyAndValue),
                arguments("HashMap with non-String keys", nonStringKeys),
                arguments("nested maps and lists", nested),
                arguments("allow-listed graph", allowListedGraph()),
                arguments("immutable List.of", (Serializable) List.of("a", "b")),
                arguments("BigDecimal", new BigDecimal("12345.6789")),
                arguments("ArrayList holding a serialized value", new ArrayList<>(List.of(1, new BigDecimal("2.5"),
                        new TreeMap<>(Map.of("x", 1))))));
    }

    private static byte[] largeBytes(int size) {
        byte[] bytes = new byte[size];
        for (int i = 0; i < size; i++) {
            bytes[i] = (byte) (i * 31);
        }
        return bytes;
    }

    private static Serializable allowListedGraph() {
        var graph = new TreeMap<String, Serializable>();
        graph.put("items", new LinkedList<>(List.of(new HashMap<>(Map.of("id", 1, "price", new BigDecimal("9.99"))))));
        graph.put("tags", new java.util.LinkedHashSet<>(List.of("b", "a")));
        graph.put("counts", new HashSet<>(Set.of(1, 2, 3)));
        return graph;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("values")
    void everyAttributeValueComesBackEqualAndOfTheSameClass(String name, Serializable value) throws Exception {
        SessionSnapshot copy = roundTrip(new WholeSessionUpdate(snapshot(Map.of("value", value))),
                WholeSessionUpdate.class).snapshot();

        Serializable read = copy.attributes().get("value");
        assertThat(read).isInstanceOf(value.getClass());
        assertEqualAndOfTheSameClasses(read, value);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("values")
    void everyValueComesBackEqualOnItsOwnAsTheInfinispanAttributeEntry(String name, Serializable value)
            throws Exception {
        Serializable read = roundTrip(value, Serializable.class);

        assertThat(read).isInstanceOf(value.getClass());
        assertEqualAndOfTheSameClasses(read, value);
    }

    @Test
    void everyValueTagHasASampleInTheseTests() {
        Set<ValueTag> written = EnumSet.noneOf(ValueTag.class);
        values().forEach(arguments -> written.add(ValueTag.of(marshaller.marshal((Serializable) arguments.get()[1])[3])));

        // NULL only occurs inside a container: aNullElementIsWrittenWithTheNullTag
        assertThat(written).containsExactlyInAnyOrderElementsOf(EnumSet.complementOf(EnumSet.of(ValueTag.NULL)));
    }

    @Test
    void aNullElementIsWrittenWithTheNullTag() {
        var list = new ArrayList<Serializable>();
        list.add(null);

        byte[] frame = marshaller.marshal(list);

        // magic, version, VALUE, ARRAY_LIST, size 1, NULL
        assertThat(frame).containsExactly(FrameHeader.MAGIC, FrameHeader.VERSION, RecordTag.VALUE.code,
                ValueTag.ARRAY_LIST.code, 0, 0, 0, 1, ValueTag.NULL.code);
    }

    @Test
    void everyRecordTagHasASampleInTheseTests() {
        Set<RecordTag> written = EnumSet.noneOf(RecordTag.class);
        Stream.concat(messages().map(arguments -> arguments.get()[1]),
                        Stream.of(Ack.of(AckStatus.APPLIED), snapshot(Map.of()),
                                new SessionMetadata(ID, 1, OWNER, 1, 1, Set.of()), "a value"))
                .forEach(record -> written.add(RecordTag.of(marshaller.marshal((Serializable) record)[2])));

        assertThat(written).containsExactlyInAnyOrder(RecordTag.values());
    }

    @Test
    void everyConcreteReplicationMessageTypeHasARecordTag() {
        Set<Class<?>> concrete = new HashSet<>();
        var pending = new ArrayDeque<Class<?>>(List.of(ReplicationMessage.class));
        while (!pending.isEmpty()) {
            Class<?> type = pending.pop();
            if (type.isSealed()) {
                pending.addAll(List.of(type.getPermittedSubclasses()));
            } else {
                concrete.add(type);
            }
        }
        Set<Class<?>> tagged = new HashSet<>();
        for (RecordTag tag : RecordTag.values()) {
            tagged.add(tag.type);
        }

        assertThat(tagged).containsAll(concrete);
    }

    @Test
    void aReplsimRecordWithoutATagIsRefusedWhenWrittenNotSerialized() {
        assertThatThrownBy(() -> marshaller.marshal(new SessionVersion(ID, 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(SessionVersion.class.getName())
                .hasMessageContaining("RecordTag");
        assertThatThrownBy(() -> marshaller.marshal(ID)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFrameStartsWithTheMagicByteAndTheVersion() {
        byte[] frame = marshaller.marshal(new GravitationRequest(ID));

        assertThat(frame[0]).isEqualTo((byte) 0x52);
        assertThat(frame[1]).isEqualTo((byte) 2); // 2 since long[] and int[] travel raw
    }

    @Test
    void aSmallMessageIsItsFieldsAndNoClassDescriptors() {
        byte[] frame = marshaller.marshal(new GravitationRequest(ID));

        // header (2), tag (1), id length (4), "abc" (3)
        assertThat(frame).hasSize(10);
        assertThat(new String(frame, 7, 3, StandardCharsets.UTF_8)).isEqualTo("abc");
    }

    @Test
    void aLongArrayIsWrittenRawWithItsLengthAndEightBytesEach() {
        byte[] longs = marshaller.marshal(new long[] {7, 8});

        // header (2), record tag (1), value tag (1), length (4), then the numbers
        assertThat(longs[3]).isEqualTo(ValueTag.LONGS.code);
        assertThat(longs).hasSize(8 + 2 * Long.BYTES);
    }

    @Test
    void aRawValueIsWrittenRawButAnotherClassAsItsOwnSerializationStream() {
        byte[] raw = marshaller.marshal(new HashMap<>(Map.of("k", 1)));
        byte[] serialized = marshaller.marshal(new TreeMap<>(Map.of("k", 1)));

        assertThat(raw[3]).isEqualTo(ValueTag.HASH_MAP.code);
        assertThat(serialized[3]).isEqualTo(ValueTag.SERIALIZED.code);
        // after the tag and the stream's length: the Java serialization stream magic 0xACED
        assertThat(serialized[8]).isEqualTo((byte) 0xAC);
        assertThat(serialized[9]).isEqualTo((byte) 0xED);
    }

    @Test
    void aValueOfAClassTheApplicationAllowedComesBackEqual() throws Exception {
        var allowing = new MessageMarshaller(AllowList.standard().with(NotAllowedValue.class),
                DeserializationLimits.DEFAULT);
        var update = new WholeSessionUpdate(snapshot(Map.of("own", new NotAllowedValue("mine"))));

        assertThat(allowing.unmarshal(allowing.marshal(update), ReplicationMessage.class)).isEqualTo(update);
    }

    @Test
    void aListHoldingItselfTravelsAsOneSerializationStreamAndKeepsItsCycle() throws Exception {
        var cyclic = new ArrayList<Serializable>();
        cyclic.add("head");
        cyclic.add(cyclic);

        byte[] frame = marshaller.marshal(new WholeSessionUpdate(snapshot(Map.of("cycle", cyclic))));
        var copy = (ArrayList<?>) marshaller.unmarshal(frame, WholeSessionUpdate.class).snapshot().attributes()
                .get("cycle");

        assertThat(copy.get(0)).isEqualTo("head");
        assertThat(copy.get(1)).isSameAs(copy);
    }

    @Test
    void aListNestedDeeperThanTheLimitIsWrittenAsOneSerializationStream() {
        ArrayList<Serializable> deep = new ArrayList<>();
        ArrayList<Serializable> innermost = deep;
        for (int level = 0; level < 30; level++) {
            var next = new ArrayList<Serializable>();
            innermost.add(next);
            innermost = next;
        }

        byte[] frame = marshaller.marshal(deep);

        assertThat(frame[3]).isEqualTo(ValueTag.SERIALIZED.code);
    }

    @Test
    void aWholeSessionOfEveryValueAtOnceComesBackEqual() throws Exception {
        Map<String, Serializable> attributes = new HashMap<>();
        values().forEach(arguments -> attributes.put((String) arguments.get()[0], (Serializable) arguments.get()[1]));
        var update = new WholeSessionUpdate(snapshot(attributes));

        var copy = roundTrip(update, WholeSessionUpdate.class);

        assertEqualAndOfTheSameClasses(copy.snapshot().attributes(), Map.copyOf(attributes));
    }

    @Test
    void unicodeIdsAttributeNamesAndDetailsComeBackEqual() throws Exception {
        var snapshot = new SessionSnapshot(new SessionId("sé😀ssion"), 1, OWNER, 1L, 1L,
                Map.of("名前", "値", "", "empty name"));
        var ack = new Ack(AckStatus.BUSY, "zajęty — 忙しい", List.of(snapshot));

        assertThat(roundTrip(ack, Ack.class)).isEqualTo(ack);
    }

    @Test
    void aMessageMarshalledInPlaceIsTheSameBytesAsMarshalled() {
        var update = new WholeSessionUpdate(snapshot(Map.of("payload", largeBytes(70_000), "serial", 1)));
        byte[] expected = marshaller.marshal(update);

        try (MarshalledMessage inPlace = marshaller.marshalInPlace(update)) {
            assertThat(Arrays.copyOf(inPlace.array(), inPlace.length())).isEqualTo(expected);
        }
    }
}
