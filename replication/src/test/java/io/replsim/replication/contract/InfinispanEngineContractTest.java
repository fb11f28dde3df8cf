package io.replsim.replication.contract;

import io.replsim.replication.EngineKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;
import io.replsim.replication.member.ReplicationEngine;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The engine contract on the infinispan engine: a member serving another's session reads it from its owners, and
 * the entry stays where the consistent hash put it.
 */
class InfinispanEngineContractTest extends ReplicationEngineContract {
    @Override
    protected EngineKind engine() {
        return EngineKind.INFINISPAN;
    }

    @Override
    protected void assertServedFromAnotherMember(EngineCluster cluster, SessionId id, int reader,
                                                 List<NodeId> holdersBefore) {
        assertThat(cluster.node(reader).stats().remoteReads()).isEqualTo(1);
        assertThat(cluster.node(reader).stats().gravitations()).isZero();
        assertThat(holders(id)).isEqualTo(holdersBefore);
        // Owned and backed up follow the consistent hash: one primary owner, one other owner holding the bytes.
        List<ReplicationEngine> running = cluster.running();
        assertThat(running.stream().mapToInt(node -> node.sessionCounts().owned()).sum()).isEqualTo(1);
        assertThat(running.stream().mapToInt(node -> node.sessionCounts().backup()).sum()).isEqualTo(1);
        assertThat(running.stream().filter(node -> node.backupBytes() > 0).map(ReplicationEngine::self))
                .hasSize(1).isSubsetOf(holdersBefore);
    }
}
