package io.replsim.scenario.facefixture;

import io.replsim.loadgen.user.VirtualUser;

/** A scenarios class that names the driver's virtual user, which is inside loadgen, not in its face. */
public final class ScenarioReachingIntoAUser {

    private ScenarioReachingIntoAUser() {
    }

    public static String user() {
        return VirtualUser.class.getSimpleName();
    }
}
