package io.replsim.replication.contract;

import io.replsim.replication.EngineKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.SessionId;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The engine contract on replsim's own JGroups engine: a member serving another's session gravitates it. */
class JGroupsEngineContractTest extends ReplicationEngineContract {
    @Override
    protected EngineKind engine() {
        return EngineKind.JGROUPS;
    }

    @Override
    protected void assertServedFromAnotherMember(EngineCluster cluster, SessionId id, int reader,
                                                 List<NodeId> holdersBefore) {
        assertThat(cluster.node(reader).stats().gravitations()).isEqualTo(1);
        assertThat(cluster.node(reader).stats().remoteReads()).isZero();
        // The session went back to node1 by gravitation too: node1 owns it, with its own buddy.
        assertThat(holders(id)).contains(node(1)).doesNotContain(node(reader));
    }
}
