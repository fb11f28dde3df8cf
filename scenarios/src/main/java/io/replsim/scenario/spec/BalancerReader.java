package io.replsim.scenario.spec;

import io.replsim.loadgen.route.Balancer;
import io.replsim.loadgen.route.FailoverChoice;

import java.util.List;

/**
 * Reads the {@code balancer} section: whether sessions stick to their node ({@code sticky}, default true) and where
 * a dead node's sessions go ({@code failover}: {@code spread}, the default, or {@code next}). {@code failover} means
 * nothing when nothing sticks, so it is refused with {@code sticky: false}.
 */
final class BalancerReader {

    static final List<String> FIELDS = List.of("sticky", "failover");

    private BalancerReader() {
    }

    static Balancer read(MapReader balancer) {
        boolean sticky = balancer.flag("sticky").orElse(true);
        FailoverChoice failover = balancer.choice("failover", FailoverChoice.class, "a failover choice")
                .orElse(Balancer.DEFAULT.failover());
        if (!sticky && balancer.presentFields().contains("failover")) {
            balancer.problemWith("failover", "no failover with sticky: false: every request already goes to the next"
                    + " live node in turn; leave balancer.failover out");
        }
        return new Balancer(sticky, failover);
    }
}
