package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.message.SessionSnapshot;

import java.util.Objects;

/**
 * Which of two copies of one session is the newest, the rule every member applies alike so that two owners (the
 * two sides of a healed partition, two members that gravitated one session at once) end with one: the higher
 * version wins; at the same version, two different owners wrote different states from one base, and the owner
 * whose name sorts first wins. One owner's copies at one version are the same state: neither outranks the other.
 */
public record CopyRank(long version, NodeId owner) {
    public CopyRank {
        Objects.requireNonNull(owner, "owner");
    }

    public static CopyRank of(SessionSnapshot snapshot) {
        return new CopyRank(snapshot.version(), snapshot.owner());
    }

    static CopyRank of(Session session) {
        return new CopyRank(session.version(), session.owner());
    }

    public boolean outranks(CopyRank other) {
        if (version != other.version) {
            return version > other.version;
        }
        return !owner.equals(other.owner) && owner.name().compareTo(other.owner.name()) < 0;
    }
}
