package io.replsim.scenario.spec;

import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.route.Balancer;
import io.replsim.loadgen.route.FailoverChoice;
import io.replsim.settings.Grammar;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Reads the {@code balancer} section: whether sessions stick to their node ({@code sticky}, default true), where
 * a dead node's sessions go ({@code failover}: {@code spread}, the default, or {@code next}) and after how long
 * without an answer the balancer sends a request on to the next node ({@code retryOnTimeout}, absent: never).
 * {@code failover} means nothing when nothing sticks, so it is refused with {@code sticky: false};
 * {@code retryOnTimeout} must be shorter than the client's {@code load.requestTimeout}, or the client gives up first.
 */
final class BalancerReader {

    static final List<String> FIELDS = List.of("sticky", "failover", "retryOnTimeout");

    private BalancerReader() {
    }

    /** @param load the load's profile when it was read: its request timeout bounds the retry */
    static Balancer read(MapReader balancer, Optional<LoadProfile> load) {
        boolean sticky = balancer.flag("sticky").orElse(true);
        FailoverChoice failover = balancer.choice("failover", FailoverChoice.class, "a failover choice")
                .orElse(Balancer.DEFAULT.failover());
        if (!sticky && balancer.presentFields().contains("failover")) {
            balancer.problemWith("failover", "no failover with sticky: false: every request already goes to the next"
                    + " live node in turn; leave balancer.failover out");
        }
        Optional<Duration> retryOnTimeout = balancer.duration("retryOnTimeout")
                .must(Duration::isPositive, "a duration more than zero, e.g. 1s").optional();
        retryOnTimeout.ifPresent(retry -> load.ifPresent(profile -> {
            if (retry.compareTo(profile.requestTimeout()) >= 0) {
                balancer.problemWith("retryOnTimeout", "a duration shorter than load.requestTimeout ("
                        + Grammar.duration().format(profile.requestTimeout()) + "): the client would give up before"
                        + " the balancer sent the request on; shorten it or lengthen load.requestTimeout");
            }
        }));
        return new Balancer(sticky, failover, retryOnTimeout);
    }
}
