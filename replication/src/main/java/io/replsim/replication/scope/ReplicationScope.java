package io.replsim.replication.scope;

import io.replsim.replication.message.SessionUpdate;
import io.replsim.replication.session.Session;

/** What travels when a session changes: the whole session, or (later) only its changed attributes. */
@FunctionalInterface
public interface ReplicationScope {
    /** Called with the session's lock held, after its version advanced. */
    SessionUpdate messageFor(Session session);
}
