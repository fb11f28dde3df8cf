package io.replsim.replication.transport;

import java.io.IOException;
import java.net.BindException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;

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

    /** Starts something on one port of its own. */
    @FunctionalInterface
    public interface PortStart<T> {
        T on(int port) throws Exception;
    }

    /**
     * Starts {@code start} on a {@link #free()} port, and on another when the port was taken between the draw and the
     * start (a member of another test JVM drew it too; a full suite runs several at once), up to three draws. Only a
     * member whose port no other member has to know beforehand can move like this: one found by multicast, not one
     * in another member's initial hosts.
     */
    public static <T> T startOnFreePort(PortStart<T> start) throws Exception {
        for (int draw = 1; ; draw++) {
            try {
                return start.on(free());
            } catch (Exception e) {
                if (draw == 3 || !portTaken(e)) {
                    throw e;
                }
            }
        }
    }

    /** Starts the {@code index}th member of a cluster whose members are given every member's port. */
    @FunctionalInterface
    public interface MemberStart<T> {
        T member(int index, List<Integer> ports) throws Exception;
    }

    /**
     * Starts {@code size} members that know each other's ports beforehand (TCPPING's initial hosts) on distinct
     * {@link #free()} ports, in order; when a member's port was taken between the draw and its start (by a member of
     * another test JVM), closes the members started so far and draws every port again, up to three draws. A member
     * cannot move alone: the others would look for it where it is not.
     */
    public static <T extends AutoCloseable> List<T> startMembersOnFreePorts(int size, MemberStart<T> start)
            throws Exception {
        for (int draw = 1; ; draw++) {
            List<Integer> ports = new ArrayList<>();
            while (ports.size() < size) {
                int port = free();
                if (!ports.contains(port)) {
                    ports.add(port);
                }
            }
            List<T> started = new ArrayList<>();
            try {
                for (int i = 0; i < size; i++) {
                    started.add(start.member(i, List.copyOf(ports)));
                }
                return started;
            } catch (Exception e) {
                for (T member : started.reversed()) {
                    member.close();
                }
                if (draw == 3 || !portTaken(e)) {
                    throw e;
                }
            }
        }
    }

    /** Whether the start failed binding its port: JGroups says so in its message, with no cause attached. */
    static boolean portTaken(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof BindException || String.valueOf(t.getMessage()).contains("BindException")) {
                return true;
            }
        }
        return false;
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
