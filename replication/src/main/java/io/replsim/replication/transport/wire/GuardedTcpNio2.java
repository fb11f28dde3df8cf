package io.replsim.replication.transport.wire;

import io.replsim.replication.transport.detection.ClosedPorts;
import org.jgroups.Address;
import org.jgroups.PhysicalAddress;
import org.jgroups.blocks.cs.Connection;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.TCP_NIO2;
import org.jgroups.stack.IpAddress;

import java.net.ConnectException;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.ClosedChannelException;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * TCP_NIO2 whose frames are sealed ({@link WireGuard}). A frame is read whole into the connection's buffer, so
 * JGroups' {@code max_length} is set to the guard's bound: a stranger's length is refused before anything is
 * allocated for it. An unsealed frame closes its connection before JGroups reads it. Its selector thread never
 * waits on one peer, so a peer that drips holds nobody up. A connect refused is told to whoever listens for
 * closed ports ({@link ClosedPorts}).
 */
public final class GuardedTcpNio2 extends TCP_NIO2 implements GuardedTransport, ClosedPorts {
    private final WireGuard guard;
    private final FrameAdmission admission;
    private final ClosedPortListeners closedPorts = new ClosedPortListeners();

    public GuardedTcpNio2(WireGuard guard) {
        this.guard = Objects.requireNonNull(guard, "guard");
        // TCP_NIO2's id: headers on the wire name a protocol by it, and JGroups knows no id for a subclass.
        setId(ClassConfigurator.getProtocolId(TCP_NIO2.class));
        this.admission = new FrameAdmission(guard);
        setMaxLength(guard.maxFrameBytes());
    }

    @Override
    public WireGuard guard() {
        return guard;
    }

    @Override
    public void onClosedPort(Consumer<PhysicalAddress> listener) {
        closedPorts.onClosedPort(listener);
    }

    @Override
    public void doSend(byte[] buf, int offset, int length, Address dest) throws Exception {
        super.doSend(guard.seal(buf, offset, length), 0, length + WireGuard.SEAL_BYTES, dest);
    }

    /**
     * As TCP_NIO2's own, which drops every failure unseen (retransmission sends again): a connect refused is told
     * first. A non-blocking connect to loopback learns the refusal before it returns.
     */
    @Override
    public void send(Address dest, byte[] data, int offset, int length) throws Exception {
        if (server == null) {
            return;
        }
        try {
            server.send(dest, data, offset, length);
        } catch (ConnectException refused) {
            log.trace("%s: a connect to %s was refused: %s", local_addr, dest, refused.getMessage());
            closedPorts.refused(dest);
        } catch (ClosedChannelException | CancelledKeyException closing) {
            // TCP_NIO2's own: the connection or the server closed under the send
        } catch (Throwable failure) {
            log.trace("%s: failed sending message to %s: %s", local_addr, dest, failure);
        }
    }

    /** Every frame from a connection (the selector's thread): checked whole, then read by JGroups without its seal. */
    @Override
    public void receive(Address sender, ByteBuffer frame) {
        super.receive(sender, admission.admit(sender, frame));
    }

    /** A frame this member sent itself (JGroups loops those back as bytes): sealed as any other. */
    @Override
    public void receive(Address sender, byte[] data, int offset, int length) {
        super.receive(sender, data, offset, admission.admit(sender, data, offset, length));
    }

    @Override
    public void connectionEstablished(Connection connection) {
        admission.established(connection, ((IpAddress) getPhysicalAddress()).getPort());
        super.connectionEstablished(connection);
    }

    @Override
    public void connectionClosed(Connection connection) {
        admission.closed(connection, is_member);
        super.connectionClosed(connection);
    }
}
