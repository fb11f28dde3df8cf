package io.replsim.node.admin;

import org.jgroups.protocols.DISCARD;

/** JGroups DISCARD whose own count of the messages it dropped on their way up a runner can read. */
final class CountingDiscard extends DISCARD {

    long dropped() {
        return num_up;
    }
}
