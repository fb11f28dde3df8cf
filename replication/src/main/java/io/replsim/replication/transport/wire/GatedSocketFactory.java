package io.replsim.replication.transport.wire;

import org.jgroups.util.DefaultSocketFactory;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.Objects;

/** JGroups' sockets as ever, but for the TCP transport's server socket, which is a {@link PreambleGate}. */
final class GatedSocketFactory extends DefaultSocketFactory {
    /** The name JGroups' TcpServer asks for its server socket by. */
    private static final String TCP_SERVER = "jgroups.tcp.server";

    private final WireGuard guard;
    private final Duration preambleDeadline;

    GatedSocketFactory(WireGuard guard, Duration preambleDeadline) {
        this.guard = Objects.requireNonNull(guard, "guard");
        this.preambleDeadline = Objects.requireNonNull(preambleDeadline, "preambleDeadline");
    }

    @Override
    public ServerSocket createServerSocket(String service) throws IOException {
        return TCP_SERVER.equals(service) ? new PreambleGate(guard, preambleDeadline) : super.createServerSocket(service);
    }

    @Override
    public ServerSocket createServerSocket(String service, int port) throws IOException {
        return createServerSocket(service, port, 50, null);
    }

    @Override
    public ServerSocket createServerSocket(String service, int port, int backlog) throws IOException {
        return createServerSocket(service, port, backlog, null);
    }

    @Override
    public ServerSocket createServerSocket(String service, int port, int backlog, InetAddress bindAddress)
            throws IOException {
        if (!TCP_SERVER.equals(service)) {
            return super.createServerSocket(service, port, backlog, bindAddress);
        }
        ServerSocket gate = new PreambleGate(guard, preambleDeadline);
        try {
            gate.bind(new InetSocketAddress(bindAddress, port), backlog);
        } catch (IOException e) {
            gate.close();
            throw e;
        }
        return gate;
    }
}
