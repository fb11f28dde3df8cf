package io.replsim.replication.member;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jgroups.Address;
import org.jgroups.protocols.DISCARD;
import org.jgroups.util.NameCache;

/**
 * A partition of running members, cut on both sides: above each member's transport a DISCARD drops what comes from
 * the members on the other sides, by name as the node's fault endpoint does (another test's member of the same name
 * in this JVM is dropped too). {@link #between} returns once each side has a view of its own; {@link #heal} takes
 * every cut out and returns once all members are in one view again.
 */
public final class PartitionCut {

    private final List<Cut> cuts;
    private final List<List<? extends ReplicationEngine>> sides;
    private final Duration deadline;

    /** The DISCARD put above one member's transport. */
    private record Cut(ReplicationEngine member, DISCARD discard) {
    }

    private PartitionCut(List<Cut> cuts, List<List<? extends ReplicationEngine>> sides, Duration deadline) {
        this.cuts = cuts;
        this.sides = sides;
        this.deadline = deadline;
    }

    /**
     * Cuts the members into {@code sides} and waits (at most {@code deadline}) until each member's view holds its own
     * side only.
     */
    @SafeVarargs
    public static PartitionCut between(Duration deadline, List<? extends ReplicationEngine>... sides)
            throws Exception {
        PartitionCut partition = cut(deadline, sides);
        partition.awaitSides();
        return partition;
    }

    /**
     * Cuts the members into {@code sides} and returns at once: until the failure detectors suspect the others, each
     * member still has them in its view (and a sync write waits for them until it times out).
     */
    @SafeVarargs
    public static PartitionCut cut(Duration deadline, List<? extends ReplicationEngine>... sides) throws Exception {
        List<Cut> cuts = new ArrayList<>();
        for (List<? extends ReplicationEngine> side : sides) {
            List<String> away = new ArrayList<>();
            for (List<? extends ReplicationEngine> other : sides) {
                if (other != side) {
                    other.forEach(member -> away.add(member.self().name()));
                }
            }
            for (ReplicationEngine member : side) {
                var cut = new DISCARD();
                cut.addIgnoredMembers(NameCache.getContents().entrySet().stream()
                        .filter(entry -> away.contains(entry.getValue())).map(Map.Entry::getKey)
                        .toArray(Address[]::new));
                member.faultPoint().insertAboveTransport(cut);
                cuts.add(new Cut(member, cut));
            }
        }
        return new PartitionCut(List.copyOf(cuts), List.of(sides), deadline);
    }

    /** Returns once each member's view holds its own side only (at most the partition's deadline). */
    public void awaitSides() {
        for (List<? extends ReplicationEngine> side : sides) {
            await().atMost(deadline).until(() -> side.stream()
                    .allMatch(member -> member.view().members().size() == side.size()));
        }
    }

    /** Every member on a side of its own. */
    @SuppressWarnings("unchecked") // one single-member list per side, each of the members' own type
    public static PartitionCut eachAlone(Duration deadline, List<? extends ReplicationEngine> members)
            throws Exception {
        return between(deadline, members.stream().map(List::of).toArray(List[]::new));
    }

    /**
     * Takes every cut out, in the order they went in, and waits (at most the partition's deadline) until all members
     * are in one view.
     */
    public void heal() {
        cuts.forEach(cut -> cut.member().faultPoint().removeInserted(cut.discard()));
        await().atMost(deadline).until(() -> cuts.stream()
                .allMatch(cut -> cut.member().view().members().size() == cuts.size()));
    }
}
