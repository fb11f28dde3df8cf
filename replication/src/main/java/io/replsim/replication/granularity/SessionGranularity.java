package io.replsim.replication.granularity;

import io.replsim.replication.delivery.Outgoing;
import io.replsim.replication.message.WholeSessionUpdate;
import io.replsim.replication.session.Session;

/** Session granularity: every change sends every attribute, so any one message makes a backup complete. */
public final class SessionGranularity implements Granularity {
    @Override
    public Outgoing messageFor(Session session) {
        return Outgoing.whole(new WholeSessionUpdate(session.snapshot()));
    }
}
