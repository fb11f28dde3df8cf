package io.replsim.replication.transport.detection;

import org.jgroups.PhysicalAddress;

import java.util.function.Consumer;

/**
 * A TCP transport that tells when it found a member's port closed: a connect there was refused, so no process listens
 * at that address. A process killed on a live host closes its ports at once, and its host answers a connect with a
 * reset; a process that is alive but frozen, slow or cut off by a partition still has its port open, and a dead host
 * answers nothing at all.
 */
public interface ClosedPorts {
    /**
     * Runs {@code listener} with each address a connect was refused at, on the thread that sent: it must return at
     * once. Only a refusal that comes back while the connect is made is seen: on loopback, always.
     */
    void onClosedPort(Consumer<PhysicalAddress> listener);
}
