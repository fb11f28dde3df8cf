package io.replsim.replication.contract;

import io.replsim.replication.Engine;
import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The engine contract on the infinispan engine: a member serving another's session reads it from its owners, and
 * the entry stays where the consistent hash put it.
 */
class InfinispanEngineContractTest extends ReplicationEngineContract {
    @Override
    protected Engine engine() {
        return Engine.INFINISPAN;
    }

    @Override
    protected void assertServedFromAnotherMember(EngineCluster cluster, SessionId id, int reader,
                                                 List<NodeId> holdersBefore) {
        assertThat(cluster.node(reader).stats().remoteReads()).isEqualTo(1);
        assertThat(cluster.node(reader).stats().gravitations()).isZero();
        assertThat(holders(id)).isEqualTo(holdersBefore);
    }
}
