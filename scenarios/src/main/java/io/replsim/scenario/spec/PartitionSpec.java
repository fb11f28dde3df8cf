package io.replsim.scenario.spec;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A network partition: the members of each side stop hearing the members of every other side (JGroups DISCARD).
 * A node on no side keeps hearing everyone, a bridge. Healed after {@code lasting}, or when the run ends.
 */
public record PartitionSpec(Schedule schedule, Sides sides, Optional<Duration> lasting) implements FaultSpec {

    public PartitionSpec {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(sides, "sides");
        Objects.requireNonNull(lasting, "lasting");
        lasting.ifPresent(PauseSpec::requirePositive);
    }

    @Override
    public String type() {
        return "partition";
    }

    /** How the cluster is split: named up front, or one node cut off from all the others when the fault fires. */
    public sealed interface Sides permits Named, Isolate {
    }

    /** {@code sides: [[node1], [node2, node3]]}: at least two sides, no node on two. */
    public record Named(List<List<String>> sides) implements Sides {
        public Named {
            sides = sides.stream().map(List::copyOf).toList();
            Set<String> seen = new HashSet<>();
            if (sides.size() < 2 || sides.stream().anyMatch(List::isEmpty)
                    || !sides.stream().flatMap(List::stream).allMatch(seen::add)) {
                throw new IllegalArgumentException("a partition has two or more non-empty sides and no node on two,"
                        + " got " + sides);
            }
        }
    }

    /** {@code target: primary-of-most}: that node alone on one side, every other node on the other. */
    public record Isolate(NodeSelector target) implements Sides {
        public Isolate {
            Objects.requireNonNull(target, "target");
        }
    }
}
