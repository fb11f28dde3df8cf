package io.replsim.bench;

import io.replsim.replication.transport.TcpStackSpec;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Ports for members on loopback: the TCP port and its FD_SOCK2 partner (port + 100) both free, and both below
 * Linux's ephemeral range (32768-60999). An ephemeral port found free could be taken before the member binds it,
 * by any outgoing connection or by the direct-stream server the member started before it (seen once: a trial
 * failed with "no available port to bind to").
 */
final class LoopbackPorts {
    private static final int LOWEST = 20_000;
    private static final int HIGHEST = 32_000 - TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET;

    private LoopbackPorts() {
    }

    static int freePortPair() throws IOException {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, HIGHEST);
            if (free(port) && free(port + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET)) {
                return port;
            }
        }
        throw new IOException("no free port pair on loopback between " + LOWEST + " and " + HIGHEST);
    }

    private static boolean free(int port) {
        try (var probe = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException taken) {
            return false;
        }
    }
}
