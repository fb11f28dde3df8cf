package io.replsim.replication.marshalling;

import io.replsim.replication.NodeId;
import io.replsim.replication.NotAllowedValue;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.BackupTransfer;
import io.replsim.replication.message.EncodedAttributes;
import io.replsim.replication.message.ReplicationMessage;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.message.UpdateBundle;
import io.replsim.replication.message.WholeSessionUpdate;
import org.junit.jupiter.api.Test;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A session's attributes as a backup keeps them: as they arrived, checked on arrival as reading them would check
 * them, read at their first use, and sent on as they are.
 */
class ReceivedAttributesTest {
    private final MessageMarshaller marshaller = MessageMarshaller.standard();

    private static WholeSessionUpdate updateWith(Map<String, Serializable> attributes) {
        return new WholeSessionUpdate(new SessionSnapshot(new SessionId("abc"), 7, new NodeId("node2"), 1L, 2L,
                attributes));
    }

    private static Map<String, Serializable> rawAttributes() {
        Map<String, Serializable> attributes = new LinkedHashMap<>();
        attributes.put("payload", new byte[] {1, 2, 3});
        attributes.put("counters", new long[] {4, 5});
        attributes.put("name", "x");
        attributes.put("count", 9);
        attributes.put("cart", new ArrayList<>(List.of(1L, true, 2.5, "item")));
        attributes.put("prefs", new HashMap<>(Map.of("lang", "en")));
        return attributes;
    }

    private Map<String, Serializable> attributesRead(byte[] frame, FrameBytes ownership) throws Exception {
        return marshaller.unmarshal(frame, 0, frame.length, ownership, WholeSessionUpdate.class).snapshot()
                .attributes();
    }

    @Test
    void rawAttributesAreKeptAsTheyArrivedAndReadAtTheirFirstUse() throws Exception {
        Map<String, Serializable> attributes = attributesRead(marshaller.marshal(updateWith(rawAttributes())),
                FrameBytes.LENT);

        assertThat(attributes).isInstanceOf(ReceivedAttributes.class);
        var received = (ReceivedAttributes) attributes;
        assertThat(received.size()).isEqualTo(6);
        assertThat(received.decoded()).as("decoded by asking its size").isFalse();
        assertThat(received.heldBytes()).isGreaterThan(3 + 16 + 4 * 8 + 3 * 8);

        assertThat((byte[]) received.get("payload")).containsExactly(1, 2, 3);
        assertThat(received.decoded()).isTrue();
        assertThat((long[]) received.get("counters")).containsExactly(4, 5);
        assertThat(received).containsEntry("name", "x").containsEntry("count", 9)
                .containsEntry("cart", new ArrayList<>(List.of(1L, true, 2.5, "item")))
                .containsEntry("prefs", new HashMap<>(Map.of("lang", "en")));
    }

    @Test
    void attributesHoldingAJavaSerializedValueAreReadOnArrivalThroughTheAllowList() throws Exception {
        Map<String, Serializable> withTree = rawAttributes();
        withTree.put("sorted", new TreeMap<>(Map.of("b", 2, "a", 1)));
        Map<String, Serializable> withGadget = rawAttributes();
        withGadget.put("gadget", new NotAllowedValue("x"));

        Map<String, Serializable> read = attributesRead(marshaller.marshal(updateWith(withTree)), FrameBytes.LENT);
        Throwable refused = catchThrowable(() -> attributesRead(marshaller.marshal(updateWith(withGadget)),
                FrameBytes.LENT));

        assertThat(read).isNotInstanceOf(EncodedAttributes.class).containsEntry("sorted", withTree.get("sorted"));
        assertThat(refused).isInstanceOf(RejectedMessageException.class);
        assertThat(((RejectedMessageException) refused).offending()).isEqualTo(NotAllowedValue.class.getName());
    }

    @Test
    void aCopySentOnIsWrittenAsItArrivedWithoutReadingIt() throws Exception {
        byte[] frame = marshaller.marshal(updateWith(rawAttributes()));
        SessionSnapshot copy = marshaller.unmarshal(frame, WholeSessionUpdate.class).snapshot();

        byte[] sentOn = marshaller.marshal(new BackupTransfer(List.of(copy)));

        assertThat(((ReceivedAttributes) copy.attributes()).decoded()).isFalse();
        SessionSnapshot arrived = marshaller.unmarshal(sentOn, BackupTransfer.class).snapshots().getFirst();
        assertThat(arrived.attributes().keySet()).isEqualTo(rawAttributes().keySet());
        assertThat((byte[]) arrived.attributes().get("payload")).containsExactly(1, 2, 3);
        assertThat(arrived.attributes()).containsEntry("cart", rawAttributes().get("cart"));
    }

    @Test
    void aCopyReadAndChangedInPlaceIsSentOnAsItIsNow() throws Exception {
        byte[] frame = marshaller.marshal(updateWith(rawAttributes()));
        SessionSnapshot copy = marshaller.unmarshal(frame, WholeSessionUpdate.class).snapshot();

        ((byte[]) copy.attributes().get("payload"))[0] = 42; // as an owner's request may, after a takeover
        @SuppressWarnings("unchecked")
        var cart = (ArrayList<Serializable>) copy.attributes().get("cart");
        cart.add("another");
        byte[] sentOn = marshaller.marshal(new BackupTransfer(List.of(copy)));
        WholeSessionUpdate frozen = marshaller.frozen(new WholeSessionUpdate(copy));

        SessionSnapshot arrived = marshaller.unmarshal(sentOn, BackupTransfer.class).snapshots().getFirst();
        assertThat((byte[]) arrived.attributes().get("payload")).containsExactly(42, 2, 3);
        assertThat(arrived.attributes()).containsEntry("cart", new ArrayList<>(List.of(1L, true, 2.5, "item", "another")));
        SessionSnapshot thawed = marshaller.unmarshal(marshaller.marshal(frozen), WholeSessionUpdate.class).snapshot();
        assertThat((byte[]) thawed.attributes().get("payload")).containsExactly(42, 2, 3);
    }

    @Test
    void aCopyFrozenForALaterSendIsSentAsItWasWhenFrozen() throws Exception {
        byte[] frame = marshaller.marshal(updateWith(rawAttributes()));
        SessionSnapshot copy = marshaller.unmarshal(frame, WholeSessionUpdate.class).snapshot();
        WholeSessionUpdate frozen = marshaller.frozen(new WholeSessionUpdate(copy));

        ((byte[]) copy.attributes().get("payload"))[0] = 42; // a request after the freeze, before the send

        SessionSnapshot sent = marshaller.unmarshal(marshaller.marshal(frozen), WholeSessionUpdate.class).snapshot();
        assertThat((byte[]) sent.attributes().get("payload")).containsExactly(1, 2, 3);
    }

    @Test
    void aLentFrameCanBeReusedAfterTheRead() throws Exception {
        byte[] frame = marshaller.marshal(updateWith(Map.of("payload", new byte[] {1, 2, 3})));
        Map<String, Serializable> attributes = attributesRead(frame, FrameBytes.LENT);

        Arrays.fill(frame, (byte) 0);

        assertThat((byte[]) attributes.get("payload")).containsExactly(1, 2, 3);
    }

    @Test
    void aSessionFromAHandedOverFrameIsReadFromTheFrameItself() throws Exception {
        byte[] frame = marshaller.marshal(updateWith(Map.of("payload", new byte[200])));
        Map<String, Serializable> attributes = attributesRead(frame, FrameBytes.HANDED_OVER);

        frame[frame.length - 1] = 33; // the payload's last byte: no sender does this to a frame it handed over

        assertThat(((byte[]) attributes.get("payload"))[199]).isEqualTo((byte) 33);
    }

    @Test
    void aSmallSessionOfALargeHandedOverFrameIsCopiedOutOfIt() throws Exception {
        var updates = new ArrayList<WholeSessionUpdate>();
        for (int i = 0; i < 4; i++) {
            updates.add(updateWith(Map.of("payload", new byte[] {(byte) i, 2, 3})));
        }
        byte[] frame = marshaller.marshal(new UpdateBundle(List.copyOf(updates)));
        UpdateBundle bundle = marshaller.unmarshal(frame, 0, frame.length, FrameBytes.HANDED_OVER,
                UpdateBundle.class);

        Arrays.fill(frame, (byte) 0);

        for (int i = 0; i < 4; i++) {
            var snapshot = ((WholeSessionUpdate) bundle.updates().get(i)).snapshot();
            assertThat((byte[]) snapshot.attributes().get("payload")).containsExactly(i, 2, 3);
        }
    }

    @Test
    void aFrameWithAnyByteChangedIsRefusedOnArrivalOrReadsLater() {
        byte[] whole = marshaller.marshal(updateWith(rawAttributes()));

        for (int at = 0; at < whole.length; at++) {
            for (int value : new int[] {0x00, 0x01, 0x02, 0x7f, 0x80, 0xff}) {
                byte[] changed = whole.clone();
                changed[at] = (byte) value;
                Map<String, Serializable> attributes;
                try {
                    attributes = marshaller.unmarshal(changed, ReplicationMessage.class) instanceof WholeSessionUpdate w
                            ? w.snapshot().attributes() : Map.of();
                } catch (RejectedMessageException refusedOnArrival) {
                    continue;
                }
                Throwable later = catchThrowable(() -> new HashMap<>(attributes));
                assertThat(later).as("byte %d set to %d: accepted on arrival, then read", at, value).isNull();
                assertThat(attributes).as("byte %d set to %d", at, value).doesNotContainValue(null);
            }
        }
    }
}
