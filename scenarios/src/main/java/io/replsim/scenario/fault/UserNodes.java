package io.replsim.scenario.fault;

import java.util.Optional;

/**
 * Which node serves a virtual user now, as the load balancer's sticky table has it. The runner answers it from
 * the driver's routing; the driver is asked a plain question about its users and never hears of faults.
 */
@FunctionalInterface
public interface UserNodes {

    /** Users count from 0; empty before the user's first response. */
    Optional<String> nodeServing(int user);

    UserNodes NONE = user -> Optional.empty();
}
