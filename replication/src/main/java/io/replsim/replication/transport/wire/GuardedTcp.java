package io.replsim.replication.transport.wire;

import io.replsim.replication.transport.detection.ClosedPorts;
import org.jgroups.Address;
import org.jgroups.PhysicalAddress;
import org.jgroups.blocks.cs.Connection;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.TCP;
import org.jgroups.stack.IpAddress;

import java.io.DataInput;
import java.net.ConnectException;
import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * TCP (blocking sockets, a thread per connection) whose frames are sealed ({@link WireGuard}). JGroups' TCP reads a
 * message straight off the socket, so this reads the frame whole first, its length checked against the guard's
 * bound, then checks the seal, and only then lets JGroups read it. Its single acceptor thread would also read each
 * new peer's preamble, so a peer that drips held every later connection; the server socket is a
 * {@link PreambleGate} that reads preambles on threads of their own, each within the whole of
 * {@code peer_addr_read_timeout}. A connect refused is told to whoever listens for closed ports
 * ({@link ClosedPorts}).
 */
public final class GuardedTcp extends TCP implements GuardedTransport, ClosedPorts {
    private final WireGuard guard;
    private final FrameAdmission admission;
    private final ClosedPortListeners closedPorts = new ClosedPortListeners();

    public GuardedTcp(WireGuard guard) {
        this.guard = Objects.requireNonNull(guard, "guard");
        // TCP's id: headers on the wire name a protocol by it, and JGroups knows no id for a subclass.
        setId(ClassConfigurator.getProtocolId(TCP.class));
        this.admission = new FrameAdmission(guard);
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
    public void start() throws Exception {
        if (!(getSocketFactory() instanceof GatedSocketFactory)) {
            setSocketFactory(new GatedSocketFactory(guard, Duration.ofMillis(getPeerAddrReadTimeout())));
        }
        super.start();
    }

    @Override
    public void doSend(byte[] buf, int offset, int length, Address dest) throws Exception {
        super.doSend(guard.seal(buf, offset, length), 0, length + WireGuard.SEAL_BYTES, dest);
    }

    /** As TCP's own (JGroups logs the failure), a connect refused told first; a blocking connect always learns it. */
    @Override
    public void send(Address dest, byte[] data, int offset, int length) throws Exception {
        try {
            super.send(dest, data, offset, length);
        } catch (ConnectException refused) {
            closedPorts.refused(dest);
            throw refused;
        }
    }

    /** Every frame from a connection, on its reader thread: refused (and the connection closed) unless sealed. */
    @Override
    public void receive(Address sender, DataInput in, int length) throws Exception {
        if (length <= WireGuard.SEAL_BYTES || length > guard.maxFrameBytes()) {
            throw new RefusedFrameException("a frame of " + length + " bytes (a member's are "
                    + (WireGuard.SEAL_BYTES + 1) + " to " + guard.maxFrameBytes() + ")");
        }
        byte[] frame = new byte[length];
        in.readFully(frame);
        int contents;
        try {
            contents = admission.admit(sender, frame, 0, length);
        } catch (IllegalStateException notSealed) {
            throw new RefusedFrameException(notSealed.getMessage());
        }
        super.receive(sender, frame, 0, contents);
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
