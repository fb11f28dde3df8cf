package io.replsim.scenario.runtime;

import java.util.List;

/** Where a cluster's nodes listen: a block of ports, each free when the block is handed out. */
@FunctionalInterface
public interface PortBlocks {
    /** Ports for {@code nodes} nodes, none of them bound by anything when this returns. */
    List<NodePorts> allocate(int nodes);
}
