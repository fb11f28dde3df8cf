package io.replsim.replication.granularity;

import io.replsim.replication.delivery.Outgoing;
import io.replsim.replication.message.AttributeDelta;
import io.replsim.replication.message.WholeSessionUpdate;
import io.replsim.replication.session.Session;

/**
 * Attribute granularity: only what is dirty travels, plus removals and metadata. A new session and a session this
 * node just took over go whole, because their new backups may hold nothing to apply a delta to.
 */
public final class AttributeGranularity implements Granularity {
    @Override
    public Outgoing messageFor(Session session) {
        // The snapshot copies only references: cheap, and marshalled only if a backup answers GAP.
        var whole = new WholeSessionUpdate(session.snapshot());
        if (session.version() <= 1 || session.ownerChanged()) {
            return Outgoing.whole(whole);
        }
        var delta = new AttributeDelta(session.id(), session.version(), session.owner(),
                session.lastAccess().toEpochMilli(), session.dirtyValues(), session.removedAttributes());
        return new Outgoing(delta, whole);
    }
}
