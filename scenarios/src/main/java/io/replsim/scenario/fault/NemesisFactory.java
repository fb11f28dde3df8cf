package io.replsim.scenario.fault;

import io.replsim.scenario.runtime.ClusterRuntime;

/**
 * Makes what applies a run's faults to its started runtime, given which node serves each of the load's
 * {@code users} users: the one nemesis ({@link RuntimeNemesis}), or a test's that holds a fault back until the
 * cluster is in the state its claim starts from.
 */
@FunctionalInterface
public interface NemesisFactory {

    /** The one nemesis, for every runtime. */
    NemesisFactory ONE = RuntimeNemesis::new;

    Nemesis of(ClusterRuntime runtime, UserNodes serving, int users);
}
