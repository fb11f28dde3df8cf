package io.replsim.replication;

import java.util.List;

/**
 * Who must hold copies of a session besides its primary. Pure: the same inputs give the same backups, so
 * every member computes the same answer from the view it has. Buddy placements join this type later.
 */
public sealed interface Placement permits Placement.AllMembers {

    List<NodeId> backupsFor(SessionId session, NodeId primary, ClusterView view);

    /** The name used in scenario files and on the node's command line. */
    String label();

    static Placement parse(String text) {
        return switch (text.trim().toLowerCase(java.util.Locale.ROOT)) {
            case "all" -> new AllMembers();
            default -> throw new IllegalArgumentException(
                    "unknown placement \"" + text + "\"; expected one of: all");
        };
    }

    /** Full replication: every other member holds every session. */
    record AllMembers() implements Placement {
        @Override
        public List<NodeId> backupsFor(SessionId session, NodeId primary, ClusterView view) {
            return view.members().stream().filter(member -> !member.equals(primary)).toList();
        }

        @Override
        public String label() {
            return "all";
        }
    }
}
