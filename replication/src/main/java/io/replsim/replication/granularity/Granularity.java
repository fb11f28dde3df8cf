package io.replsim.replication.granularity;

import io.replsim.replication.delivery.Outgoing;
import io.replsim.replication.session.Session;

/** What travels when a session changes: the whole session, or only its changed attributes. */
@FunctionalInterface
public interface Granularity {
    /** Called with the session's lock held, after its version advanced. */
    Outgoing messageFor(Session session);
}
