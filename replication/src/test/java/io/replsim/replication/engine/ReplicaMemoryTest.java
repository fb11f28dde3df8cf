package io.replsim.replication.engine;

import io.replsim.replication.BuddyPools;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.session.ActiveSession;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JBoss AS 5 book's sizing argument (jboss-as5-tuning §1.6), measured on eight members: with one buddy each
 * node holds its own sessions and one other node's, a quarter of what full replication makes every node hold.
 */
class ReplicaMemoryTest {
    private static final int MEMBERS = 8;
    private static final int SESSIONS_PER_MEMBER = 5;
    private static final int PAYLOAD_BYTES = 2_000;

    /** Per member: how many of all sessions it holds (owned or backup), and the bytes its backups take. */
    private record Held(int sessions, long backupBytes) {
    }

    private static List<Held> heldPerMember(ReplicationSpec spec) throws Exception {
        try (LoopbackCluster cluster = LoopbackCluster.start(MEMBERS, spec)) {
            List<SessionId> ids = new ArrayList<>();
            for (int number = 1; number <= MEMBERS; number++) {
                for (int i = 0; i < SESSIONS_PER_MEMBER; i++) {
                    ids.add(create(cluster.node(number)));
                }
            }
            // sync delivery: every copy is in place when update() returns
            return cluster.running().stream().map(node -> new Held(
                    (int) ids.stream().filter(id -> node.store().peek(id).isPresent()).count(),
                    node.store().backupFootprintBytes())).toList();
        }
    }

    private static SessionId create(JGroupsEngine node) throws ReplicationException {
        try (ActiveSession active = node.store().create()) {
            active.session().setAttribute("payload", new byte[PAYLOAD_BYTES]);
            node.store().update(active);
            return active.session().id();
        }
    }

    @Test
    void eightMembersWithOneBuddyEachHoldAQuarterOfWhatFullReplicationHolds() throws Exception {
        List<Held> buddies = heldPerMember(ReplicationSpec.builder()
                .placement(new Placement.Buddies(1, BuddyPools.none())).build());
        List<Held> all = heldPerMember(ReplicationSpec.fullSync());

        int total = MEMBERS * SESSIONS_PER_MEMBER;
        assertThat(all).as("full replication: every member holds every session")
                .allSatisfy(held -> assertThat(held.sessions()).isEqualTo(total));
        assertThat(buddies).as("one buddy: its own sessions and its buddy's, 2 of 8 members' worth")
                .allSatisfy(held -> assertThat(held.sessions()).isEqualTo(2 * SESSIONS_PER_MEMBER));
        double quarter = buddies.stream().mapToInt(Held::sessions).sum() / (double) all.stream().mapToInt(Held::sessions).sum();
        assertThat(quarter).isEqualTo(0.25);
        // the replicas alone: one other member's sessions against seven
        long buddyBackups = buddies.stream().mapToLong(Held::backupBytes).sum();
        long allBackups = all.stream().mapToLong(Held::backupBytes).sum();
        assertThat(buddyBackups * 7).isEqualTo(allBackups);
    }
}
