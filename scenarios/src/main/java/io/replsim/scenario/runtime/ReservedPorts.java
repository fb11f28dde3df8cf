package io.replsim.scenario.runtime;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.List;

/**
 * A block of ports for one cluster's nodes, reserved against every other replsim process on this machine until
 * closed: the lock on the block's file is what other allocators see, so two runs that draw the same block in the
 * moment between one's check and its nodes' binds cannot both take it. The lock goes with the process that holds
 * it, however it ends.
 */
public final class ReservedPorts implements AutoCloseable {
    private final List<NodePorts> nodes;
    private final FileChannel lockFile;

    ReservedPorts(List<NodePorts> nodes, FileChannel lockFile) {
        this.nodes = List.copyOf(nodes);
        this.lockFile = lockFile;
    }

    /** The nodes' ports, in the order of the cluster's node names. */
    public List<NodePorts> nodes() {
        return nodes;
    }

    /** Gives the block back; other runs may draw it from now on. */
    @Override
    public void close() {
        try {
            lockFile.close();
        } catch (IOException e) {
            // closing the channel releases the lock whatever it reports; the file itself stays for the next run
        }
    }
}
