package io.replsim.scenario.runtime;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;

/**
 * Another replsim process holding a block: reserves one in the reservations directory {@code args[0]}, drawing block
 * {@code args[1]} first, prints the block's first http port, and holds it until its standard input closes.
 */
public final class PortBlockHolder {
    private PortBlockHolder() {
    }

    public static void main(String[] args) throws IOException {
        int first = Integer.parseInt(args[1]);
        try (ReservedPorts held = new PortAllocator(InetAddress.getLoopbackAddress(), new BlocksInTurn(first, first),
                Path.of(args[0])).allocate(3)) {
            System.out.println("HOLDING " + held.nodes().getFirst().http());
            System.out.flush();
            while (System.in.read() >= 0) {
                // held until the test closes this process's input, or ends it
            }
        }
    }
}
