package io.replsim.replication.transport;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.security.SecureRandom;

/**
 * A JGroups port for a test member on loopback: free for TCP and for UDP (so one helper serves both transports), with
 * its FD_SOCK2 port at {@link TcpStackSpec#FAILURE_DETECTION_PORT_OFFSET} free too. Drawn at random from 12000-31999
 * so tests running at once rarely try the same one.
 */
public final class MemberPorts {
    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private static final SecureRandom RANDOM = new SecureRandom();

    private MemberPorts() {
    }

    public static int free() throws IOException {
        while (true) {
            int port = 12_000 + RANDOM.nextInt(20_000);
            try (ServerSocket stream = new ServerSocket(port, 1, LOOPBACK);
                 DatagramSocket datagrams = new DatagramSocket(new InetSocketAddress(LOOPBACK, port));
                 ServerSocket failureDetection = new ServerSocket(
                         port + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET, 1, LOOPBACK)) {
                return port;
            } catch (IOException taken) {
                // try another
            }
        }
    }
}
