package io.replsim.replication.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MemberPortsTest {

    /** What JGroups' UDP transport throws when its port is taken: the BindException only in the message. */
    private static Exception jgroupsBindFailure(int port) {
        return new Exception("failed to open a port in range " + port + "-" + port
                + " (last exception: java.net.BindException: Address already in use, bind_addr: localhost/127.0.0.1)");
    }

    @Test
    void aPortTakenBetweenTheDrawAndTheStartIsDrawnAgain() throws Exception {
        List<Integer> tried = new ArrayList<>();

        int started = MemberPorts.startOnFreePort(port -> {
            tried.add(port);
            if (tried.size() == 1) {
                // another test's member binds it first
                try (DatagramSocket taken = new DatagramSocket(
                        new InetSocketAddress(InetAddress.getLoopbackAddress(), port))) {
                    throw jgroupsBindFailure(port);
                }
            }
            return port;
        });

        assertThat(tried).hasSize(2);
        assertThat(started).isEqualTo(tried.get(1));
    }

    @Test
    void anotherFailureIsNotRetried() {
        List<Integer> tried = new ArrayList<>();

        assertThatThrownBy(() -> MemberPorts.startOnFreePort(port -> {
            tried.add(port);
            throw new IllegalStateException("the cluster secret is too short");
        })).hasMessage("the cluster secret is too short");
        assertThat(tried).hasSize(1);
    }

    @Test
    void threeTakenPortsInARowEndTheTries() {
        List<Integer> tried = new ArrayList<>();

        assertThatThrownBy(() -> MemberPorts.startOnFreePort(port -> {
            tried.add(port);
            throw jgroupsBindFailure(port);
        })).hasMessageContaining("BindException");
        assertThat(tried).hasSize(3);
    }

    @Test
    void aBindExceptionAmongTheCausesCountsAsATakenPort() {
        assertThat(MemberPorts.portTaken(new RuntimeException("start failed", new java.net.BindException("in use"))))
                .isTrue();
        assertThat(MemberPorts.portTaken(new RuntimeException("start failed"))).isFalse();
    }

    /** A member that records whether it was closed. */
    private static final class Member implements AutoCloseable {
        final List<Integer> ports;
        boolean closed;

        Member(List<Integer> ports) {
            this.ports = ports;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    @Test
    void aClusterWhoseSecondMembersPortWasTakenIsStartedAgainOnNewPortsAfterItsFirstMemberIsClosed() throws Exception {
        List<Member> made = new ArrayList<>();
        int[] calls = {0};

        List<Member> started = MemberPorts.startMembersOnFreePorts(3, (index, ports) -> {
            if (++calls[0] == 2) {
                // another test's member binds node2's port first (JGroups' TCP transport, the BindException a cause)
                throw new Exception("connecting failed", new java.net.BindException(
                        "No available port to bind to in range [" + ports.get(1) + " .. " + ports.get(1) + "]"));
            }
            Member member = new Member(ports);
            made.add(member);
            return member;
        });

        assertThat(made.getFirst().closed).isTrue();
        assertThat(started).hasSize(3).doesNotContain(made.getFirst()).noneMatch(member -> member.closed);
        assertThat(started.getFirst().ports).hasSize(3).doesNotHaveDuplicates()
                .isNotEqualTo(made.getFirst().ports);
        assertThat(started).allMatch(member -> member.ports.equals(started.getFirst().ports));
    }

    @Test
    void aClusterThatFailsForAnotherReasonIsClosedAndNotStartedAgain() {
        List<Member> made = new ArrayList<>();

        assertThatThrownBy(() -> MemberPorts.startMembersOnFreePorts(2, (index, ports) -> {
            if (index == 1) {
                throw new IllegalStateException("the cluster secret is too short");
            }
            Member member = new Member(ports);
            made.add(member);
            return member;
        })).hasMessage("the cluster secret is too short");
        assertThat(made).hasSize(1).allMatch(member -> member.closed);
    }
}
