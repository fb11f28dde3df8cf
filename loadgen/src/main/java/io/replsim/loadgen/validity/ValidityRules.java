package io.replsim.loadgen.validity;

import io.replsim.loadgen.steady.SteadyWindow;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The rules a run's steady window must obey to count (issue 4, after Faban and glassfish-and-load-testing §2):
 * Little's law within 5%, pauses no more than 5% late, the driver under 70% of its cores, and its collector never
 * stopping it long enough to bunch requests up. Both time rules forgive {@link #THINK_LATENESS_FLOOR} per pause or
 * request whatever the ratio: the event loop wakes its users at whole milliseconds, so a 10 ms think time is
 * always up to 10% late there, which is the timer's grain, not a driver falling behind.
 */
public final class ValidityRules {

    public static final double LITTLES_LAW_TOLERANCE = 0.05;
    public static final double THINK_DRIFT_TOLERANCE = 0.05;
    /** Below this lateness a pause is on time whatever the ratio: timer granularity, not a driver falling behind. */
    public static final Duration THINK_LATENESS_FLOOR = Duration.ofMillis(2);
    public static final double MISSED_CYCLE_TOLERANCE = 0.05;
    public static final double DRIVER_CPU_LIMIT = 0.70;
    public static final Duration GC_PAUSE_LIMIT = Duration.ofMillis(100);
    public static final double GC_SHARE_LIMIT = 0.05;

    private ValidityRules() {
    }

    public static RunValidity judge(SteadyWindow window, DriverCost cost) {
        LittlesLaw law = LittlesLaw.of(window);
        ThinkDrift drift = ThinkDrift.of(window.meanThinkAsked(), window.meanThinkTaken(), window.thinks(),
                window.missedCycles());
        List<String> reasons = new ArrayList<>();
        if (window.requests() == 0) {
            reasons.add("no request ended in the steady window " + window.from() + " to " + window.to());
        } else if (law.deviation() > LITTLES_LAW_TOLERANCE
                && law.unaccountedPerRequest().abs().compareTo(THINK_LATENESS_FLOOR) > 0) {
            reasons.add(format("Little's law fails: X·(R+Z) = %.1f/s × (%.1f ms + %.1f ms) %+.1f for the cycles on the"
                            + " window's edges = %.1f users, but %d were driven (%.1f%% off, at most %.0f%% allowed):"
                            + " %s", law.throughput(), millis(law.meanResponse()), millis(law.meanThink()),
                    Math.round(law.edgeUsers() * 10) / 10.0 + 0.0, law.impliedUsers(), law.users(), law.deviation() * 100,
                    LITTLES_LAW_TOLERANCE * 100, unaccounted(law)));
        }
        if (drift.drift() > THINK_DRIFT_TOLERANCE && drift.lateness().compareTo(THINK_LATENESS_FLOOR) > 0) {
            reasons.add(format("think time drifted: users paused %.1f ms on average where they asked for %.1f ms"
                            + " (%.1f%% late, at most %.0f%% allowed): the driver woke them late%s",
                    millis(drift.meanTaken()), millis(drift.meanAsked()), drift.drift() * 100,
                    THINK_DRIFT_TOLERANCE * 100, errorsAsCause(window)));
        }
        if (drift.missedCycleRatio() > MISSED_CYCLE_TOLERANCE) {
            reasons.add(format("%.1f%% of cycles were missed (the response took longer than the cycle time; at most"
                    + " %.0f%% allowed)", drift.missedCycleRatio() * 100, MISSED_CYCLE_TOLERANCE * 100));
        }
        reasons.addAll(driverReasons(cost, window.length()));
        return new RunValidity(reasons.isEmpty(), reasons, law, drift, cost);
    }

    /**
     * An open-model run's validity: only the rules on the driver apply, and that something arrived after the
     * warm-up. Little's law and the think time belong to the closed model: their figures are zero, not applied.
     */
    public static RunValidity judgeOpen(long requests, DriverCost cost, Duration window) {
        List<String> reasons = new ArrayList<>();
        if (requests == 0) {
            reasons.add("no request arrived after the warm-up");
        }
        reasons.addAll(driverReasons(cost, window));
        return new RunValidity(reasons.isEmpty(), reasons, LittlesLaw.of(0, 0, Duration.ZERO, Duration.ZERO, 0),
                ThinkDrift.of(Duration.ZERO, Duration.ZERO, 0, 0), cost);
    }

    /**
     * The rules on the driver itself, for any model: its CPU under 70% of its cores, no GC pause over 100 ms, and
     * all pauses under 5% of the {@code window}.
     */
    public static List<String> driverReasons(DriverCost cost, Duration window) {
        List<String> reasons = new ArrayList<>();
        if (cost.cpuShare() > DRIVER_CPU_LIMIT) {
            reasons.add(format("the driver used %.2f of its %d cores (%.0f%%, at most %.0f%% allowed)", cost.cpuCores(),
                    cost.availableCores(), cost.cpuShare() * 100, DRIVER_CPU_LIMIT * 100));
        }
        if (cost.gcPauseMax().compareTo(GC_PAUSE_LIMIT) > 0) {
            reasons.add(format("the driver's GC paused it for %d ms at once (at most %d ms allowed)",
                    cost.gcPauseMax().toMillis(), GC_PAUSE_LIMIT.toMillis()));
        }
        double windowMillis = window.toMillis();
        if (windowMillis > 0 && cost.gcPauseTotal().toMillis() / windowMillis > GC_SHARE_LIMIT) {
            reasons.add(format("the driver's GC paused it for %d ms in all, %.1f%% of the window (at most %.0f%%)",
                    cost.gcPauseTotal().toMillis(), cost.gcPauseTotal().toMillis() / windowMillis * 100,
                    GC_SHARE_LIMIT * 100));
        }
        return reasons;
    }

    /** Where the users' time went that R and Z do not hold, for Little's law's reason. */
    private static String unaccounted(LittlesLaw law) {
        double lost = millis(law.unaccountedPerRequest());
        if (lost > 0) {
            return format("users spent %.1f ms per request outside R and Z, time the driver lost on its own side"
                    + " (users held up between an answer and their next step or before a send, woken late from"
                    + " their pauses, or started late)", lost);
        }
        return format("users made more requests than %d could at that R and Z (%.1f ms per request too few):"
                + " pauses shorter than asked, or response times recorded longer than the users waited", law.users(),
                -lost);
    }

    /**
     * The second cause of late pauses, when the window had errors: a driver reconnecting, timing out and failing
     * over spends more per request than one reading answers, and wakes its users late for that, not for its load.
     */
    private static String errorsAsCause(SteadyWindow window) {
        long errors = window.errors().total();
        if (errors == 0) {
            return "";
        }
        return format(", or the window's errors did: %,d failed attempts for %,d requests (%.1f%% of attempts) kept"
                        + " the driver busy reconnecting and failing over; look at the errors first", errors,
                window.requests(), window.errorRatio() * 100);
    }

    private static double millis(Duration duration) {
        return duration.toNanos() / 1e6;
    }

    private static String format(String format, Object... args) {
        return String.format(Locale.ROOT, format, args);
    }
}
