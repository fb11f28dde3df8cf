package io.replsim.replication.facefixture;

import io.replsim.outside.OutsideType;

/** A replication class that uses a type of a replsim module it does not stand on: what its face rule bans. */
public final class EngineReachingOut {

    private EngineReachingOut() {
    }

    public static int reach() {
        return OutsideType.value();
    }
}
