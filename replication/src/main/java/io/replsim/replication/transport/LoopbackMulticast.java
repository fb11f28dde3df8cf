package io.replsim.replication.transport;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.MulticastSocket;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.StandardSocketOptions;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Arrays;

/**
 * Whether a datagram sent to a multicast group on loopback comes back here. A UDP member that cannot hear its own
 * group would not fail: PING would find nobody, every member would found a cluster of its own, and a drill would
 * report a cluster that never formed. So a node checks first ({@link #requireEcho}) and stops with the reason.
 * The probe sends to the group's address at a port of its own, so it never lands in a running member's socket.
 */
public final class LoopbackMulticast {
    private static final int NONCE_BYTES = 16;

    private LoopbackMulticast() {
    }

    /**
     * Sends a random datagram to {@code group}'s address through the loopback interface {@code bindAddress} is on,
     * TTL 0, and waits up to {@code wait} for it to come back.
     *
     * @throws IllegalStateException when it does not come back, or the socket cannot be set up; the message says
     *                               what to do
     */
    public static void requireEcho(InetAddress bindAddress, MulticastGroup group, Duration wait) {
        requireEcho(bindAddress, group, group.address(), wait);
    }

    /**
     * Listens on {@code group} and sends to {@code sentTo}: another address than the group's stands for a machine
     * that drops the datagram.
     */
    static void requireEcho(InetAddress bindAddress, MulticastGroup group, InetAddress sentTo, Duration wait) {
        String refusal = "jgroups transport udp: a multicast datagram to " + group.address().getHostAddress()
                + " sent on the loopback interface (" + bindAddress.getHostAddress() + ", TTL 0) ";
        String remedy = "; this machine's loopback does not carry multicast (on Linux: ip link set lo multicast on,"
                + " and a route for 224.0.0.0/4 via lo), or use jgroups.transport tcp-nio2";
        byte[] nonce = new byte[NONCE_BYTES];
        new SecureRandom().nextBytes(nonce);
        // The receiver is bound to the group's address (Linux then hands it only that group's datagrams), the sender
        // to the member's loopback address, as the transport's sockets are.
        try (MulticastSocket socket = new MulticastSocket(new InetSocketAddress(group.address(), 0));
             MulticastSocket sender = new MulticastSocket(new InetSocketAddress(bindAddress, 0))) {
            NetworkInterface loopback = loopbackInterface(bindAddress);
            socket.joinGroup(new InetSocketAddress(group.address(), 0), loopback);
            sender.setNetworkInterface(loopback);
            sender.setTimeToLive(UdpStackSpec.MULTICAST_TTL);
            sender.setOption(StandardSocketOptions.IP_MULTICAST_LOOP, true);
            sender.send(new DatagramPacket(nonce, nonce.length, sentTo, socket.getLocalPort()));
            long deadline = System.nanoTime() + wait.toNanos();
            byte[] buffer = new byte[NONCE_BYTES];
            while (true) {
                long left = Math.max(1, (deadline - System.nanoTime()) / 1_000_000);
                socket.setSoTimeout((int) Math.min(Integer.MAX_VALUE, left));
                var received = new DatagramPacket(buffer, buffer.length);
                socket.receive(received);
                if (received.getLength() == NONCE_BYTES && Arrays.equals(buffer, nonce)) {
                    return;
                }
                if (System.nanoTime() - deadline >= 0) {
                    throw new SocketTimeoutException();
                }
            }
        } catch (SocketTimeoutException e) {
            throw new IllegalStateException(refusal + "did not come back within " + wait.toMillis() + " ms" + remedy,
                    e);
        } catch (IOException e) {
            throw new IllegalStateException(refusal + "could not be sent (" + e.getMessage() + ")" + remedy, e);
        }
    }

    private static NetworkInterface loopbackInterface(InetAddress bindAddress) throws SocketException {
        NetworkInterface named = NetworkInterface.getByInetAddress(bindAddress);
        if (named != null) {
            return named;
        }
        // 127.0.0.2 and the like are on lo without being one of its configured addresses.
        return NetworkInterface.networkInterfaces().filter(LoopbackMulticast::isLoopback).findFirst()
                .orElseThrow(() -> new SocketException("no loopback interface"));
    }

    private static boolean isLoopback(NetworkInterface candidate) {
        try {
            return candidate.isLoopback() && candidate.isUp();
        } catch (SocketException e) {
            return false;
        }
    }
}
