package io.replsim.loadgen.facefixture;

import io.replsim.outside.OutsideType;

/** A driver class that uses a type of a replsim module it does not stand on: what its face rule bans. */
public final class DriverReachingOut {

    private DriverReachingOut() {
    }

    public static int reach() {
        return OutsideType.value();
    }
}
