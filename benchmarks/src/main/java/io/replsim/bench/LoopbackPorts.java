package io.replsim.bench;

import io.replsim.replication.transport.TcpStackSpec;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Ports for members on loopback: the TCP port and its FD_SOCK2 partner (port + 100) both free. */
final class LoopbackPorts {
    private LoopbackPorts() {
    }

    static int freePortPair() throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int port;
            try (var probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = probe.getLocalPort();
            }
            if (port + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET > 65535) {
                continue;
            }
            try (var partner = new ServerSocket(port + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET, 1,
                    InetAddress.getLoopbackAddress())) {
                return port;
            } catch (IOException taken) {
                // try another
            }
        }
        throw new IOException("no free port pair on loopback");
    }
}
