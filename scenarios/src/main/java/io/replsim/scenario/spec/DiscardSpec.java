package io.replsim.scenario.spec;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * A lossy link, one direction: the target drops each cluster message it receives from {@code sender} with
 * {@code probability} (JGroups DISCARD narrowed to one sender); what the target sends passes. JGroups'
 * retransmission gets the dropped messages through, late. Healed after {@code lasting}, or when the run ends.
 */
public record DiscardSpec(Schedule schedule, NodeSelector target, String sender, double probability,
                          Optional<Duration> lasting) implements FaultSpec {

    public DiscardSpec {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(sender, "sender");
        Objects.requireNonNull(lasting, "lasting");
        if (!(probability > 0 && probability <= 1)) {
            throw new IllegalArgumentException("a discard's probability is above 0 and at most 1, got " + probability);
        }
        lasting.ifPresent(PauseSpec::requirePositive);
    }

    @Override
    public String type() {
        return "discard";
    }
}
