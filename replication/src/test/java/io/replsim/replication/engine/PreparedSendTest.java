package io.replsim.replication.engine;

import io.replsim.replication.ClusterView;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.delivery.Delivery;
import io.replsim.replication.delivery.Outgoing;
import io.replsim.replication.granularity.SessionGranularity;
import io.replsim.replication.marshalling.MessageMarshaller;
import io.replsim.replication.member.ReplicationCounters;
import io.replsim.replication.message.ReplicationMessage;
import io.replsim.replication.message.WholeSessionUpdate;
import io.replsim.replication.session.ActiveSession;
import io.replsim.replication.session.Session;
import io.replsim.replication.session.SessionReplicator;
import io.replsim.replication.transport.ClusterTransport;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Snapshot mode interval's round takes a session's update under its lock and sends it after releasing it: what it
 * sends is the session as the lock saw it, even when a request changes a value in place in between.
 */
class PreparedSendTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    @Test
    void aValueChangedInPlaceAfterThePreparationDoesNotTravelWithTheSend() throws Exception {
        var spec = ReplicationSpec.builder().syncTimeout(TIMEOUT).build();
        try (var cluster = LoopbackCluster.start(2, spec)) {
            ClusterTransport transport = cluster.node(1).transport();
            List<Outgoing> sent = new ArrayList<>();
            Delivery recording = (outgoing, backups) -> sent.add(outgoing);
            var view = new ClusterView("prepared", List.of(transport.self(), cluster.node(2).transport().self()));
            var pipeline = new ReplicationPipeline(transport.self(), new Placement.AllMembers(),
                    new SessionGranularity(), recording, () -> view, new ReplicationCounters(),
                    new StaleCopyRemoval(transport, TIMEOUT), new SessionInvalidation(transport, TIMEOUT),
                    transport.marshaller());
            byte[] payload = {1, 1, 1};
            Session session;
            try (ActiveSession active = cluster.node(1).store().create()) {
                active.session().setAttribute("payload", payload);
                session = active.session();
            }

            SessionReplicator.PreparedSend send = pipeline.prepare(session); // under the lock, in a round
            Arrays.fill(payload, (byte) 2); // the next request, once the round released the lock
            send.send();

            assertThat(sent).hasSize(1);
            var marshaller = MessageMarshaller.standard();
            var arrived = (WholeSessionUpdate) marshaller.unmarshal(marshaller.marshal(sent.getFirst().update()),
                    ReplicationMessage.class);
            assertThat((byte[]) arrived.snapshot().attributes().get("payload")).containsExactly(1, 1, 1);
        }
    }
}
