package io.replsim.replication.transport.detection;

import org.jgroups.Address;
import org.jgroups.EmptyMessage;
import org.jgroups.Event;
import org.jgroups.Message;
import org.jgroups.PhysicalAddress;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.VERIFY_SUSPECT2;
import org.jgroups.util.Util;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * VERIFY_SUSPECT2 that also takes a suspect's closed port as proof of its death: when the transport's connect to a
 * suspect's address is refused (the ARE_YOU_DEAD it sends makes one), nothing listens there, so the suspicion goes
 * up at once instead of after the timeout. Without that proof it verifies as VERIFY_SUSPECT2 does: a suspect that
 * is frozen, slow or cut off keeps its port open, answers ARE_YOU_DEAD when it can, and is dropped only when the
 * timeout passes unanswered. Only a transport that reports closed ports ({@link ClosedPorts}: replsim's guarded TCP
 * transports) gives the proof; over any other this is VERIFY_SUSPECT2.
 */
public final class ClosedPortVerifySuspect2 extends VERIFY_SUSPECT2 {
    /**
     * The first wait before ARE_YOU_DEAD is asked again while a suspicion is open; each next wait is twice the last,
     * as long as the question comes before the timeout (with replsim's 500 ms: at 100 and 300 ms). The first question
     * may go out on the dead member's old connection before its close was read (a write there is lost, not
     * refused); only a send after that close makes the connect that is refused.
     */
    private static final Duration FIRST_ASK_AGAIN = Duration.ofMillis(100);
    /** {@code VerifyHeader.ARE_YOU_DEAD}, which JGroups keeps to its package, as the header's wire format has it. */
    private static final short ARE_YOU_DEAD = 1;

    public ClosedPortVerifySuspect2() {
        // VERIFY_SUSPECT2's id: ARE_YOU_DEAD's header names the protocol by it, and JGroups knows none for a subclass.
        setId(ClassConfigurator.getProtocolId(VERIFY_SUSPECT2.class));
    }

    @Override
    public void init() throws Exception {
        super.init();
        if (getTransport() instanceof ClosedPorts transport) {
            transport.onClosedPort(address -> timer.execute(() -> portClosed(address)));
        }
    }

    @Override
    protected void verifySuspect(Collection<Address> members) {
        super.verifySuspect(members);
        if (members != null && !members.isEmpty() && getTransport() instanceof ClosedPorts) {
            askAgainAfter(List.copyOf(members), FIRST_ASK_AGAIN.toMillis(), FIRST_ASK_AGAIN.toMillis());
        }
    }

    /** Asks {@code asked} again in {@code wait} ms ({@code since} ms after the suspicion), if before the timeout. */
    private void askAgainAfter(List<Address> asked, long wait, long since) {
        if (since < timeout) {
            timer.schedule(() -> {
                if (askAgain(asked)) {
                    askAgainAfter(asked, wait * 2, since + wait * 2);
                }
            }, wait, TimeUnit.MILLISECONDS);
        }
    }

    /** On the timer's thread (the transport's sending thread must not wait for this protocol's lock). */
    private void portClosed(PhysicalAddress address) {
        // removeSuspect is false for a suspect that answered or whose timeout passed meanwhile.
        List<Address> dead = suspectsNow().stream()
                .filter(suspect -> address.equals(physicalAddressOf(suspect))).filter(this::removeSuspect).toList();
        if (!dead.isEmpty()) {
            log.debug("%s: %s dead: a connect to %s was refused", local_addr, dead, address);
            up_prot.up(new Event(Event.SUSPECT, dead));
        }
    }

    /** A fresh ARE_YOU_DEAD to each of {@code asked} still suspected (the suspicion itself is left as it is). */
    private boolean askAgain(List<Address> asked) {
        List<Address> open = stillSuspected(asked);
        for (Address suspect : open) {
            down_prot.down(new EmptyMessage(suspect).setFlag(Message.TransientFlag.DONT_BLOCK)
                    .putHeader(id, areYouDead()));
        }
        return !open.isEmpty();
    }

    private List<Address> suspectsNow() {
        synchronized (this) {
            return suspects.stream().map(Entry::suspect).toList();
        }
    }

    private List<Address> stillSuspected(List<Address> members) {
        List<Address> open = suspectsNow();
        return members.stream().filter(open::contains).toList();
    }

    private Object physicalAddressOf(Address member) {
        return down_prot.down(new Event(Event.GET_PHYSICAL_ADDRESS, member));
    }

    /** The header VERIFY_SUSPECT2 puts on its own ARE_YOU_DEAD, read from its wire format: the type, then the asker. */
    private VerifyHeader areYouDead() {
        try {
            var bytes = new ByteArrayOutputStream();
            var out = new DataOutputStream(bytes);
            out.writeShort(ARE_YOU_DEAD);
            Util.writeAddress(local_addr, out);
            var header = new VerifyHeader();
            header.readFrom(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
            return header;
        } catch (IOException | ClassNotFoundException e) {
            throw new UncheckedIOException(new IOException("cannot write an ARE_YOU_DEAD header", e));
        }
    }
}
