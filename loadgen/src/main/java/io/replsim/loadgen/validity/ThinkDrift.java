package io.replsim.loadgen.validity;

import java.time.Duration;

/**
 * How much longer users paused than they asked to: a driver short of CPU wakes its users late (Faban's "think
 * time deviation"). Measured against each pause as asked, not against the distribution's mean, so a random think
 * time's sampling noise is not mistaken for drift.
 *
 * @param drift         (taken − asked) / asked, over the window's pauses; 0 when nothing was asked
 * @param missedCycles  cycle-time mode: responses that came after their cycle had ended
 * @param cycles        pauses plus missed cycles
 */
public record ThinkDrift(Duration meanAsked, Duration meanTaken, double drift, long missedCycles, long cycles) {

    public static ThinkDrift of(Duration meanAsked, Duration meanTaken, long thinks, long missedCycles) {
        double drift = meanAsked.isZero() ? 0
                : (meanTaken.toNanos() - meanAsked.toNanos()) / (double) meanAsked.toNanos();
        return new ThinkDrift(meanAsked, meanTaken, drift, missedCycles, thinks + missedCycles);
    }

    public double missedCycleRatio() {
        return cycles == 0 ? 0 : missedCycles / (double) cycles;
    }

    public Duration lateness() {
        return meanTaken.minus(meanAsked);
    }
}
