package io.replsim.replication.engine;

import io.replsim.replication.GranularityKind;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.ReplicationTrigger;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.SessionVersion;
import io.replsim.replication.session.ActiveSession;
import org.junit.jupiter.api.Test;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Attribute granularity over a real channel: what travels, how a backup that missed an update is repaired, and the
 * mutate-in-place bug that only the triggers reading mutable values catch.
 */
class AttributeGranularityTest {
    private static final int ATTRIBUTE_BYTES = 4096;

    private static ReplicationSpec spec(GranularityKind granularity, ReplicationTrigger trigger) {
        return ReplicationSpec.builder().granularity(granularity).trigger(trigger).build();
    }

    @Test
    void aChangeToOneOfTenAttributesSendsThatAttributeOnlyAndTheBackupEndsEqualToTheOwner() throws Exception {
        try (var cluster = LoopbackCluster.start(2, spec(GranularityKind.ATTRIBUTE, ReplicationTrigger.SET))) {
            JGroupsEngine owner = cluster.node(1);
            SessionId id;
            try (ActiveSession active = owner.store().create()) {
                for (int i = 0; i < 10; i++) {
                    active.session().setAttribute("a" + i, new byte[ATTRIBUTE_BYTES]);
                }
                owner.store().update(active);
                id = active.session().id();
            }
            long before = owner.stats().traffic().bytesSent();

            try (ActiveSession active = owner.store().find(id).orElseThrow()) {
                active.session().setAttribute("a3", new byte[] {7});
                active.session().removeAttribute("a4");
                owner.store().update(active);
            }

            assertThat(owner.stats().traffic().bytesSent() - before).isLessThan(ATTRIBUTE_BYTES);
            var copy = cluster.node(2).store().peek(id).orElseThrow();
            var original = owner.store().peek(id).orElseThrow();
            assertThat(copy.version()).isEqualTo(2);
            assertThat(copy.attributes().keySet()).isEqualTo(original.attributes().keySet()).doesNotContain("a4");
            assertThat((byte[]) copy.attributes().get("a3")).containsExactly(7);
        }
    }

    @Test
    void aBackupThatMissedAnUpdateAnswersGapAndReceivesTheWholeSession() throws Exception {
        try (var cluster = LoopbackCluster.start(2, spec(GranularityKind.ATTRIBUTE, ReplicationTrigger.SET))) {
            JGroupsEngine owner = cluster.node(1);
            SessionId id = createWithSerial(owner, 1);
            setSerial(owner, id, 2);
            // The backup loses its copy, as a backup that missed updates would lack their base.
            assertThat(cluster.node(2).store().removeCopy(new SessionVersion(id, 2))).isTrue();

            setSerial(owner, id, 3);

            var copy = cluster.node(2).store().peek(id).orElseThrow();
            assertThat(copy.version()).isEqualTo(3);
            assertThat(copy.attributes()).containsEntry("serial", 3).containsKey("cart");
        }
    }

    @Test
    void mutatingInPlaceWithoutSetAttributeIsStaleAfterFailoverUnderAttributeAndSet() throws Exception {
        assertThat(cartSeenAfterFailover(GranularityKind.ATTRIBUTE, ReplicationTrigger.SET))
                .as("the backup never heard of the second item").containsExactly("book");
    }

    @Test
    void mutatingInPlaceSurvivesFailoverUnderSessionAndSetAndNonPrimitiveGet() throws Exception {
        assertThat(cartSeenAfterFailover(GranularityKind.SESSION, ReplicationTrigger.SET_AND_NON_PRIMITIVE_GET))
                .containsExactly("book", "pen");
    }

    @Test
    void mutatingInPlaceSurvivesFailoverUnderAttributeAndSetAndNonPrimitiveGet() throws Exception {
        assertThat(cartSeenAfterFailover(GranularityKind.ATTRIBUTE, ReplicationTrigger.SET_AND_NON_PRIMITIVE_GET))
                .containsExactly("book", "pen");
    }

    /** One request adds to the cart it read, without setAttribute; then its node dies. */
    @SuppressWarnings("unchecked")
    private static List<String> cartSeenAfterFailover(GranularityKind granularity, ReplicationTrigger trigger)
            throws Exception {
        try (var cluster = LoopbackCluster.start(2, spec(granularity, trigger))) {
            JGroupsEngine owner = cluster.node(1);
            SessionId id = createWithSerial(owner, 1);
            try (ActiveSession active = owner.store().find(id).orElseThrow()) {
                var cart = (ArrayList<String>) active.session().getAttribute("cart").orElseThrow();
                cart.add("pen");
                active.session().setAttribute("serial", 2);
                owner.store().update(active);
            }

            cluster.stop(1);

            try (ActiveSession active = cluster.node(2).store().find(id).orElseThrow()) {
                return List.copyOf((List<String>) active.session().getAttribute("cart").orElseThrow());
            }
        }
    }

    private static SessionId createWithSerial(JGroupsEngine node, int serial) throws ReplicationException {
        try (ActiveSession active = node.store().create()) {
            active.session().setAttribute("serial", serial);
            active.session().setAttribute("cart", new ArrayList<>(List.of("book")));
            node.store().update(active);
            return active.session().id();
        }
    }

    private static void setSerial(JGroupsEngine node, SessionId id, Serializable serial)
            throws ReplicationException {
        try (ActiveSession active = node.store().find(id).orElseThrow()) {
            active.session().setAttribute("serial", serial);
            node.store().update(active);
        }
    }
}
