package io.replsim.replication.transport.wire;

import io.replsim.replication.transport.detection.SuspectOnCloseFdSock2;
import org.jgroups.Address;
import org.jgroups.blocks.cs.Connection;
import org.jgroups.blocks.cs.NioServer;
import org.jgroups.stack.IpAddress;
import org.jgroups.util.DefaultThreadFactory;
import org.jgroups.util.LazyThreadFactory;
import org.jgroups.util.ThreadFactory;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * FD_SOCK2 whose server seals what it sends and refuses what is not sealed ({@link WireGuard}), on a port of its own
 * that any peer can reach: it read a stranger's message (and its headers, any JGroups knows, some of which allocate
 * a length off the wire) before anything checked who sent it. It suspects a neighbour at its close
 * ({@link SuspectOnCloseFdSock2}).
 */
public final class GuardedFdSock2 extends SuspectOnCloseFdSock2 {
    private final WireGuard guard;
    private final FrameAdmission admission;

    public GuardedFdSock2(WireGuard guard) {
        this.guard = Objects.requireNonNull(guard, "guard");
        this.admission = new FrameAdmission(guard);
    }

    /** As FD_SOCK2's own, with a server that seals and bounds its frames. */
    @Override
    protected NioServer createServer(int[] bindPorts) {
        ThreadFactory threadFactory = getThreadFactory();
        if (threadFactory instanceof DefaultThreadFactory factory && factory.useVirtualThreads()
                && Runtime.version().feature() < 24) {
            // FD_SOCK2's reason: before JDK 24 a virtual thread in select() keeps its carrier busy.
            threadFactory = new LazyThreadFactory("jgroups", true, true).useVirtualThreads(false).log(log);
        }
        for (int bindPort : bindPorts) {
            try {
                var server = new SealingNioServer(threadFactory, bindPort);
                server.setMaxLength(guard.maxFrameBytes());
                return server;
            } catch (Exception taken) {
                // the next port
            }
        }
        throw new IllegalStateException(String.format("%s: failed to find an available port in ports %s",
                local_addr, Arrays.toString(bindPorts)));
    }

    @Override
    public void receive(Address sender, ByteBuffer frame) {
        super.receive(sender, admission.admit(sender, frame));
    }

    @Override
    public void receive(Address sender, byte[] buf, int offset, int length) {
        super.receive(sender, buf, offset, admission.admit(sender, buf, offset, length));
    }

    @Override
    public void connectionEstablished(Connection connection) {
        admission.established(connection, ((IpAddress) srv.localAddress()).getPort());
        super.connectionEstablished(connection);
    }

    /** Any peer of FD_SOCK2's server is a stranger until it sends a sealed frame: members send theirs at once. */
    @Override
    public void connectionClosed(Connection connection) {
        admission.closed(connection, address -> false);
        super.connectionClosed(connection);
    }

    /** FD_SOCK2's server, sealing every frame it sends. */
    private final class SealingNioServer extends NioServer {
        SealingNioServer(ThreadFactory threadFactory, int port) throws Exception {
            super(threadFactory, getSocketFactory(), bind_addr, port, port, external_addr, external_port, 0,
                    "jgroups.nio.server.fd_sock");
        }

        @Override
        public void send(Address dest, byte[] data, int offset, int length) throws Exception {
            super.send(dest, guard.seal(data, offset, length), 0, length + WireGuard.SEAL_BYTES);
        }
    }
}
