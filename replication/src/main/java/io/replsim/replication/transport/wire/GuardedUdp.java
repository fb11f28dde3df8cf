package io.replsim.replication.transport.wire;

import org.jgroups.Address;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.UDP;

import java.util.Objects;

/**
 * UDP whose datagrams are sealed ({@link WireGuard}): one that is not is dropped, and counted, before JGroups reads
 * it. A datagram is read whole by the kernel, so no length of a stranger's asks for anything here.
 */
public final class GuardedUdp extends UDP implements GuardedTransport {
    private final WireGuard guard;

    public GuardedUdp(WireGuard guard) {
        this.guard = Objects.requireNonNull(guard, "guard");
        // UDP's id: headers on the wire name a protocol by it, and JGroups knows no id for a subclass.
        setId(ClassConfigurator.getProtocolId(UDP.class));
    }

    @Override
    public WireGuard guard() {
        return guard;
    }

    @Override
    public void doSend(byte[] buf, int offset, int length, Address dest) throws Exception {
        super.doSend(guard.seal(buf, offset, length), 0, length + WireGuard.SEAL_BYTES, dest);
    }

    @Override
    public void receive(Address sender, byte[] data, int offset, int length) {
        if (!guard.opens(data, offset, length)) {
            guard.refused("a datagram of " + length + " bytes from " + sender + ": " + WireGuard.NOT_SEALED);
            return;
        }
        super.receive(sender, data, offset, length - WireGuard.SEAL_BYTES);
    }
}
