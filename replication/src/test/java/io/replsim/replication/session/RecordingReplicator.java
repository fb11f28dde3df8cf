package io.replsim.replication.session;

import io.replsim.replication.message.SessionSnapshot;
import io.replsim.replication.message.SessionVersion;

import java.util.ArrayList;
import java.util.List;

/** A replicator that keeps what a store asked it to send: the snapshots replicated and the sessions ended. */
final class RecordingReplicator implements SessionReplicator {
    final List<SessionSnapshot> replicated = new ArrayList<>();
    final List<SessionVersion> ended = new ArrayList<>();

    @Override
    public void replicate(Session session) {
        replicated.add(session.snapshot());
    }

    @Override
    public void invalidate(Session session) {
        ended.add(new SessionVersion(session.id(), session.version()));
    }
}
