package io.replsim.settings.layerfixture;

import io.replsim.outside.OutsideType;

/** A settings class that uses a type of another replsim module: the dependency the ground rule bans. */
public final class SettingReachingOut {

    private SettingReachingOut() {
    }

    public static int reach() {
        return OutsideType.value();
    }
}
