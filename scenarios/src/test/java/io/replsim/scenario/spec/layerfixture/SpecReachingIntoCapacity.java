package io.replsim.scenario.spec.layerfixture;

import io.replsim.scenario.capacity.SearchPlan;

/** Test fixture: a spec class that uses another scenario package, which PackageLayersTest's rule must refuse. */
public final class SpecReachingIntoCapacity {
    private SpecReachingIntoCapacity() {
    }

    public static int firstStep(SearchPlan plan) {
        return plan.startUsers();
    }
}
