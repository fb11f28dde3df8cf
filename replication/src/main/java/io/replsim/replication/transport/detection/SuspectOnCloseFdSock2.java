package io.replsim.replication.transport.detection;

import org.jgroups.Address;
import org.jgroups.conf.ClassConfigurator;
import org.jgroups.protocols.FD_SOCK2;

import java.util.ArrayList;
import java.util.List;

/**
 * FD_SOCK2 that tells the cluster of a neighbour whose connection closed before it connects to the next one.
 * FD_SOCK2 itself broadcasts the suspicion only after that connect, which waits for the next member's answer (up to
 * its connect timeout): on a busy host, with that member's CPU held to its budget, 0.4 s passed between a killed
 * node's close and its suspicion. What is suspected, and when a member is dropped, is FD_SOCK2's and
 * VERIFY_SUSPECT2's as before.
 */
public class SuspectOnCloseFdSock2 extends FD_SOCK2 {

    public SuspectOnCloseFdSock2() {
        // FD_SOCK2's id: headers on the wire name a protocol by it, and JGroups knows no id for a subclass.
        setId(ClassConfigurator.getProtocolId(FD_SOCK2.class));
    }

    @Override
    protected void connectToNextPingDest(Address alreadySuspect) {
        if (alreadySuspect != null) {
            broadcastSuspectMessage(new ArrayList<>(List.of(alreadySuspect)));
        }
        super.connectToNextPingDest(null);
    }
}
