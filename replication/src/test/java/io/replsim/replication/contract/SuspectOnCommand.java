package io.replsim.replication.contract;

import org.jgroups.Address;
import org.jgroups.Event;
import org.jgroups.stack.Protocol;

import java.util.List;

/**
 * The failure detector of a stack that has none: told which members crashed, it reports them upwards in one event,
 * as FD_SOCK2 or VERIFY_SUSPECT report members that went silent together. GMS turns one such event into one view.
 */
final class SuspectOnCommand extends Protocol {
    void suspect(List<Address> crashed) {
        up_prot.up(new Event(Event.SUSPECT, crashed));
    }
}
