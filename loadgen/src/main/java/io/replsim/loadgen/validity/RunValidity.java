package io.replsim.loadgen.validity;

import java.util.List;

/**
 * Whether a run's steady window measured the server and not the driver, and if not, every reason why.
 *
 * @param reasons one sentence per broken rule, empty when the run is valid
 */
public record RunValidity(boolean valid, List<String> reasons, LittlesLaw littlesLaw, ThinkDrift thinkDrift,
                          DriverCost driverCost) {

    public RunValidity {
        reasons = List.copyOf(reasons);
        if (valid != reasons.isEmpty()) {
            throw new IllegalArgumentException("a run is valid exactly when no reason says otherwise");
        }
    }
}
