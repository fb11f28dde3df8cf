package io.replsim.scenario.runtime;

/** Where a cluster's nodes listen: a block of ports, each free when the block is handed out. */
@FunctionalInterface
public interface PortBlocks {
    /**
     * How many blocks a cluster's start tries, each after a node found one of its ports taken between the block's
     * check and its own bind: the process and in-JVM runtimes alike.
     */
    int START_ATTEMPTS = 3;

    /**
     * Ports for {@code nodes} nodes, none of them bound by anything when this returns, reserved for the caller until
     * it closes them.
     */
    ReservedPorts allocate(int nodes);
}
