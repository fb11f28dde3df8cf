package io.replsim.bench;

import io.replsim.replication.session.Session;
import io.replsim.replication.session.SessionReplicator;

/** A backup's store in a benchmark sends nothing on: it only applies what it is given. */
final class ApplyOnlyReplicator implements SessionReplicator {
    @Override
    public void replicate(Session session) {
    }

    @Override
    public void invalidate(Session session) {
    }
}
