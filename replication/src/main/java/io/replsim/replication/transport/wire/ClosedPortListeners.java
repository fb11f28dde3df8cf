package io.replsim.replication.transport.wire;

import io.replsim.replication.transport.detection.ClosedPorts;
import org.jgroups.Address;
import org.jgroups.PhysicalAddress;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/** Who a guarded TCP transport tells of a closed port ({@link ClosedPorts}). */
final class ClosedPortListeners implements ClosedPorts {
    private final List<Consumer<PhysicalAddress>> listeners = new CopyOnWriteArrayList<>();

    @Override
    public void onClosedPort(Consumer<PhysicalAddress> listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** A connect to {@code destination} was refused; a TCP transport sends to physical addresses only. */
    void refused(Address destination) {
        if (destination instanceof PhysicalAddress address) {
            listeners.forEach(listener -> listener.accept(address));
        }
    }
}
