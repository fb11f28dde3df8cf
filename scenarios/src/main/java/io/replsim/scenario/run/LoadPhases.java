package io.replsim.scenario.run;

import io.replsim.scenario.spec.LoadSpec;
import io.replsim.scenario.spec.OpenModel;
import io.replsim.loadgen.script.UserScript;
import java.time.Duration;
import java.util.Locale;

/** The load's line on the console: users, think time and the three phases (an open load's rate, sessions and
 * measured window), each stated, so a reader knows which part of the run the validity verdict and the capacity
 * figures describe. */
public final class LoadPhases {
    private LoadPhases() {
    }

    public static String describe(LoadSpec load) {
        if (load.open().isPresent()) {
            OpenModel model = load.open().get();
            return String.format(Locale.ROOT, "load: open model, %s arrivals at %.1f/s over %d sessions; warm-up %s,"
                            + " measured %s to %s", model.arrivals().label(), model.ratePerSecond(), model.sessions(),
                    seconds(load.warmUp()), seconds(load.warmUp()), seconds(load.duration()));
        }
        return String.format(Locale.ROOT,
                "load: %d users, think time %s %s (%s); ramp-up %s, warm-up %s, steady window %s to %s (%s)",
                load.users(), seconds(load.thinkTime()), load.thinkDistribution().label(),
                load.profile().thinkMode().label(),
                seconds(load.rampUp()), seconds(load.warmUp()), seconds(load.steadyStart()), seconds(load.duration()),
                seconds(load.steady()))
                + (load.script().isEmpty() ? "" : "; script " + new UserScript(load.script()).describe())
                + "; connections " + load.profile().connections().label()
                + (load.isOpen() ? "" : "; users on " + load.profile().runtime().label())
                + load.profile().sessionLength()
                        .map(length -> "; sessions end after " + seconds(length) + " on average").orElse("");
    }

    public static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s"
                : String.format(Locale.ROOT, "%.3f s", duration.toMillis() / 1000.0);
    }
}
