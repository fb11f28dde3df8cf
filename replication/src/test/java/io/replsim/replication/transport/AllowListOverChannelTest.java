package io.replsim.replication.transport;

import io.replsim.replication.NodeId;
import io.replsim.replication.NotAllowedValue;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.engine.LoopbackCluster;
import io.replsim.replication.engine.JGroupsEngine;
import io.replsim.replication.session.ActiveSession;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AllowListOverChannelTest {

    @Test
    void aMessageCarryingAClassOutsideTheAllowListIsRejectedCountedAndNotApplied() throws Exception {
        try (var cluster = LoopbackCluster.start(2, ReplicationSpec.fullSync())) {
            var sender = cluster.node(1);
            var receiver = cluster.node(2);
            List<Rejection> rejections = new CopyOnWriteArrayList<>();
            receiver.transport().onRejection(rejections::add);

            try (ActiveSession active = sender.store().create()) {
                active.session().setAttribute("serial", 1);
                active.session().setAttribute("gadget", new NotAllowedValue("boom"));
                assertThatThrownBy(() -> sender.store().update(active))
                        .isInstanceOf(ReplicationException.class)
                        .hasMessageContaining("rejected by node2: " + NotAllowedValue.class.getName());
            }

            // The sync reply came back after the receiver decided, so its counters are final already.
            assertRejectedFromNode1AndNotApplied(receiver, rejections);
            assertThat(sender.stats().failures()).isEqualTo(1);
        }
    }

    @Test
    void aLargeMessageOverADirectStreamGoesThroughTheSameAllowList() throws Exception {
        try (var cluster = LoopbackCluster.start(2, ReplicationSpec.fullSync())) {
            var sender = cluster.node(1);
            var receiver = cluster.node(2);
            List<Rejection> rejections = new CopyOnWriteArrayList<>();
            receiver.transport().onRejection(rejections::add);

            try (ActiveSession active = sender.store().create()) {
                active.session().setAttribute("payload", new byte[64 * 1024]);
                active.session().setAttribute("gadget", new NotAllowedValue("boom"));
                assertThatThrownBy(() -> sender.store().update(active))
                        .isInstanceOf(ReplicationException.class)
                        .hasMessageContaining("rejected by node2: " + NotAllowedValue.class.getName());
            }

            assertThat(sender.stats().traffic().messagesStreamed()).isEqualTo(1);
            assertRejectedFromNode1AndNotApplied(receiver, rejections);
        }
    }

    private static void assertRejectedFromNode1AndNotApplied(JGroupsEngine receiver, List<Rejection> rejections) {
        assertThat(rejections).singleElement().satisfies(rejection -> {
            assertThat(rejection.sender()).isEqualTo(new NodeId("node1"));
            assertThat(rejection.offending()).isEqualTo(NotAllowedValue.class.getName());
        });
        assertThat(receiver.stats().traffic().rejectedMessages()).isEqualTo(1);
        assertThat(receiver.store().counts().total()).isZero();
    }
}
