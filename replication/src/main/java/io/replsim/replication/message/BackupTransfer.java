package io.replsim.replication.message;

import java.util.List;

/**
 * Whole sessions an owner pushes to a member that has just become their backup: after a view change gave the
 * owner a new buddy, or to a member that joined. Batched, because a view change moves many sessions at once.
 */
public record BackupTransfer(List<SessionSnapshot> snapshots) implements ReplicationMessage {
    public BackupTransfer {
        snapshots = List.copyOf(snapshots);
    }
}
