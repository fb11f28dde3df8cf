package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.SessionSnapshot;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The bytes a node's sessions hold: its own as last replicated and its copies of others' as last applied. */
class SessionBytesHeldTest {
    private static final NodeId SELF = new NodeId("node1");
    private static final NodeId OTHER = new NodeId("node2");
    /** What {@link ReplicaFootprint} adds to a payload of one byte array: the map, the entry, the key, the array. */
    private static final long OVERHEAD_BOUND = 200;

    private final SessionStore store = new SessionStore(SELF, new RecordingReplicator(), Clock.systemUTC(),
            Duration.ofMillis(200));

    @Test
    void ownedSessionsCountAsTheyWereLastReplicatedAndCopiesAsTheyWereApplied() throws Exception {
        SessionId owned;
        try (ActiveSession active = store.create()) {
            active.session().setAttribute("payload", new byte[2_000]);
            assertThat(store.heldFootprintBytes()).as("not replicated yet").isZero();
            store.update(active);
            owned = active.session().id();
        }
        store.applyBackup(new SessionSnapshot(new SessionId("copy"), 1, OTHER, 1, 2,
                Map.of("payload", new byte[1_000])));

        assertThat(store.backupFootprintBytes()).isBetween(1_000L, 1_000 + OVERHEAD_BOUND);
        assertThat(store.heldFootprintBytes()).isBetween(3_000L, 3_000 + 2 * OVERHEAD_BOUND);

        long before = store.heldFootprintBytes();
        try (ActiveSession active = store.find(owned).orElseThrow()) {
            active.session().setAttribute("payload", new byte[8_000]);
            store.update(active);
        }
        assertThat(store.heldFootprintBytes() - before).isEqualTo(6_000);
        assertThat(store.backupFootprintBytes()).isBetween(1_000L, 1_000 + OVERHEAD_BOUND);
    }
}
