package io.replsim.bench;

import io.replsim.replication.SessionId;
import io.replsim.replication.member.ReplicationEngine;
import io.replsim.replication.session.ActiveSession;

/**
 * A counter app's session on one member, as the benchmarks drive it: a payload that never changes and a serial that
 * each request moves on, so every request replicates what the counter app's requests replicate. Not thread-safe: one
 * per requester.
 */
final class CounterSession {
    private final ReplicationEngine owner;
    private final SessionId id;
    private int serial;

    private CounterSession(ReplicationEngine owner, SessionId id) {
        this.owner = owner;
        this.id = id;
    }

    static CounterSession create(ReplicationEngine owner, int payloadBytes) throws Exception {
        try (ActiveSession active = owner.store().create()) {
            active.session().setAttribute("payload", new byte[payloadBytes]);
            active.session().setAttribute("serial", 0);
            owner.store().update(active);
            return new CounterSession(owner, active.session().id());
        }
    }

    /** One request: the serial plus one, replicated as the owner's delivery says; returns the new serial. */
    int request() throws Exception {
        try (ActiveSession active = owner.store().find(id).orElseThrow()) {
            active.session().setAttribute("serial", ++serial);
            owner.store().update(active);
        }
        return serial;
    }
}
