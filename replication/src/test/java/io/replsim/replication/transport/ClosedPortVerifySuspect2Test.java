package io.replsim.replication.transport;

import org.jgroups.Address;
import org.jgroups.Event;
import org.jgroups.JChannel;
import org.jgroups.Message;
import org.jgroups.protocols.MERGE3;
import org.jgroups.protocols.pbcast.NAKACK2;
import org.jgroups.protocols.pbcast.STABLE;
import org.jgroups.util.MessageBatch;
import org.jgroups.protocols.DISCARD;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.stack.Protocol;
import org.jgroups.stack.ProtocolStack;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Members on replsim's stack with a closed port confirming suspicions and VERIFY_SUSPECT2's and FD_ALL3's timeouts a
 * minute long, so a member leaves a view within the deadlines below only on a closed port's proof.
 */
@Timeout(90)
class ClosedPortVerifySuspect2Test {
    private static final Duration A_MINUTE = Duration.ofMinutes(1);
    private static final Duration TEN_MINUTES = Duration.ofMinutes(10);
    private static final Duration DEADLINE = Duration.ofSeconds(20);
    /** Questions come 100, 300, 700, 1500 and 3100 ms after the suspicion; a message of any other kind much later. */
    private static final Duration ASKED_AGAIN_DEADLINE = Duration.ofSeconds(8);
    private static final StackTuning.FailureDetection CLOSED_PORT_CONFIRMS = new StackTuning.FailureDetection(
            A_MINUTE, Duration.ofSeconds(10), A_MINUTE, true, true);

    /**
     * node1 suspects node2, which is alive but drops what node1 sends (so it cannot answer), and then node3, a process
     * of its own, is SIGKILLed: its ports close. Only node3's port is closed, so only node3 is dropped before the
     * timeout; node2, whose port is open, stays suspected until it answers.
     */
    @Test
    void onlyASuspectWhosePortIsClosedIsDroppedBeforeTheTimeoutAndOneWhosePortIsOpenStaysUntilItAnswers()
            throws Exception {
        var cluster = ThreeMemberCluster.named("closed-port-");
        List<Integer> ports = cluster.ports();
        List<JChannel> members = new ArrayList<>();
        Process node3Process = null;
        try {
            for (int i = 0; i < 2; i++) {
                JChannel member = new JChannel(MemberProcess.stack(ports.get(i), ports, cluster.secret(),
                        CLOSED_PORT_CONFIRMS, i == 0 ? Formation.FOUND : Formation.JOIN).protocols())
                        .name("node" + (i + 1));
                member.connect(cluster.name());
                members.add(member);
            }
            node3Process = MemberProcess.start("node3", cluster.name(), ports.get(2), ports, cluster.secretText(),
                    TransportKind.TCP_NIO2, CLOSED_PORT_CONFIRMS, DEADLINE);
            await().atMost(DEADLINE).until(() -> members.stream().allMatch(member -> member.getView().size() == 3));
            JChannel node1 = members.get(0);
            Address node2 = members.get(1).getAddress();
            Address node3 = node1.getView().getMembers().get(2);
            var passedUp = new SuspicionsPassedUp();
            node1.getProtocolStack().insertProtocol(passedUp, ProtocolStack.Position.ABOVE, VERIFY_SUSPECT2.class);
            var detector = new Detector();
            node1.getProtocolStack().insertProtocol(detector, ProtocolStack.Position.BELOW, VERIFY_SUSPECT2.class);
            ProtocolStack node2Stack = members.get(1).getProtocolStack();
            var deaf = new DISCARD().addIgnoreMember(node1.getAddress());
            node2Stack.insertProtocol(deaf, ProtocolStack.Position.ABOVE, node2Stack.getTransport().getClass());

            detector.suspect(node2);
            MemberProcess.kill(node3Process);

            await().atMost(DEADLINE).until(() -> passedUp.suspected.contains(node3)
                    && node1.getView().getMembers().equals(List.of(node1.getAddress(), node2)));
            assertThat(passedUp.suspected).as("passed up as dead while node2 was suspected too").containsOnly(node3);

            node2Stack.removeProtocol(deaf);
            detector.suspect(node2); // asked again, now it hears
            await().atMost(DEADLINE).until(() -> passedUp.unsuspected.contains(node2));
            assertThat(passedUp.suspected).containsOnly(node3);
            assertThat(node1.getView().getMembers()).containsExactly(node1.getAddress(), node2);
        } finally {
            if (node3Process != null) {
                MemberProcess.kill(node3Process);
            }
            members.reversed().forEach(JChannel::close);
        }
    }

    /**
     * node2 is suspected while its old connection from node1 is still open: the first ARE_YOU_DEAD goes out on it and
     * is lost (node2 drops what node1 sends). Then node2's stack stops, and only a question asked again makes the
     * connect that is refused. FD_SOCK2 is off, the heartbeats are 30 s apart, MERGE3 and STABLE send minutes apart
     * (STABLE at a random time up to twice its average) and NAKACK2 does not send its highest seqno again, so nothing
     * else sends to node2 within the deadline.
     */
    @Test
    void aSuspectWhoseOldConnectionTookTheFirstQuestionIsConfirmedWhenAskedAgain() throws Exception {
        String cluster = "asked-again-" + System.nanoTime();
        ClusterSecret secret = ClusterSecret.generate();
        List<Integer> ports = List.of(MemberPorts.free(), MemberPorts.free());
        var quiet = new StackTuning.FailureDetection(A_MINUTE, Duration.ofSeconds(30), A_MINUTE, false, true);
        List<JChannel> members = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                List<Protocol> protocols = MemberProcess.stack(ports.get(i), ports, secret, quiet,
                        i == 0 ? Formation.FOUND : Formation.JOIN).protocols();
                protocols.stream().filter(MERGE3.class::isInstance).map(MERGE3.class::cast)
                        .forEach(merge -> merge.setMinInterval(TEN_MINUTES.toMillis() / 2)
                                .setMaxInterval(TEN_MINUTES.toMillis()));
                protocols.stream().filter(STABLE.class::isInstance).map(STABLE.class::cast)
                        .forEach(stable -> stable.setDesiredAverageGossip(TEN_MINUTES.toMillis()));
                protocols.stream().filter(NAKACK2.class::isInstance).map(NAKACK2.class::cast)
                        .forEach(nakack -> nakack.resendLastSeqno(false));
                JChannel member = new JChannel(protocols).name("node" + (i + 1));
                member.connect(cluster);
                members.add(member);
            }
            await().atMost(DEADLINE).until(() -> members.stream().allMatch(member -> member.getView().size() == 2));
            JChannel node1 = members.get(0);
            Address node2 = members.get(1).getAddress();
            var passedUp = new SuspicionsPassedUp();
            node1.getProtocolStack().insertProtocol(passedUp, ProtocolStack.Position.ABOVE, VERIFY_SUSPECT2.class);
            var detector = new Detector();
            node1.getProtocolStack().insertProtocol(detector, ProtocolStack.Position.BELOW, VERIFY_SUSPECT2.class);
            ProtocolStack node2Stack = members.get(1).getProtocolStack();
            var deaf = new Deaf(node1.getAddress());
            node2Stack.insertProtocol(deaf, ProtocolStack.Position.ABOVE, node2Stack.getTransport().getClass());

            detector.suspect(node2);
            await().atMost(DEADLINE).until(() -> deaf.dropped.get() > 0); // the first question, lost
            node2Stack.stopStack(cluster); // no leave: its ports close

            await().atMost(ASKED_AGAIN_DEADLINE).until(() -> node1.getView().getMembers().equals(
                    List.of(node1.getAddress())));
            assertThat(passedUp.suspected).containsOnly(node2);
        } finally {
            members.reversed().forEach(JChannel::close);
        }
    }

    /** Above the transport: drops every message from one member, counting them. */
    private static final class Deaf extends Protocol {
        final AtomicInteger dropped = new AtomicInteger();
        private final Address from;

        Deaf(Address from) {
            this.from = from;
        }

        @Override
        public Object up(Message message) {
            if (from.equals(message.getSrc())) {
                dropped.incrementAndGet();
                return null;
            }
            return up_prot.up(message);
        }

        @Override
        public void up(MessageBatch batch) {
            if (from.equals(batch.sender())) {
                dropped.addAndGet(batch.size());
                return;
            }
            up_prot.up(batch);
        }
    }

    /** Below VERIFY_SUSPECT2: hands it a suspicion, as FD_SOCK2 or FD_ALL3 would. */
    private static final class Detector extends Protocol {
        void suspect(Address member) {
            up_prot.up(new Event(Event.SUSPECT, List.of(member)));
        }
    }

    /** Above VERIFY_SUSPECT2: notes every member it passed up as dead, and every one it cleared. */
    private static final class SuspicionsPassedUp extends Protocol {
        final List<Address> suspected = new CopyOnWriteArrayList<>();
        final List<Address> unsuspected = new CopyOnWriteArrayList<>();

        @Override
        public Object up(Event event) {
            switch (event.getType()) {
                case Event.SUSPECT -> suspected.addAll(event.<Collection<Address>>arg());
                case Event.UNSUSPECT -> unsuspected.add(event.arg());
                default -> { }
            }
            return up_prot.up(event);
        }
    }
}
