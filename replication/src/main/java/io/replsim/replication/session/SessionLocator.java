package io.replsim.replication.session;

import io.replsim.replication.SessionId;
import io.replsim.replication.message.SessionSnapshot;

import java.util.Optional;

/**
 * Finds a session this node does not hold on the members that do (data gravitation, JBoss AS 5 §1.6). The newest
 * copy found wins; the caller becomes its owner.
 */
@FunctionalInterface
public interface SessionLocator {
    /** For a store alone (unit tests, a one-member cluster): nobody else holds anything. */
    SessionLocator NOWHERE = id -> Optional.empty();

    Optional<SessionSnapshot> locate(SessionId id);
}
