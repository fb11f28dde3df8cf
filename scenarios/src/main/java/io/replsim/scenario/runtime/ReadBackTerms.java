package io.replsim.scenario.runtime;

import java.time.Duration;
import java.util.Objects;

/**
 * How a runtime's nodes read back ({@link ClusterRuntime#state}) after the nemesis did something to them, as the
 * one nemesis asks it of each runtime: how long a change may take to show, and how a restart is told from none.
 *
 * @param goneWithin how long a killed or stopped node may take to read as gone, a paused one as frozen
 * @param upWithin   how long a restarted node may take to read as up again
 * @param restarts   what shows that a node that was up was restarted
 */
public record ReadBackTerms(Duration goneWithin, Duration upWithin, RestartShown restarts) {

    /** A process or a container replsim started: its exit status, its state, its pid or id, within 5 s. */
    public static final ReadBackTerms OF_PROCESSES = new ReadBackTerms(Duration.ofSeconds(5), Duration.ofSeconds(5),
            new RestartShown.AsANewInstance());

    public ReadBackTerms {
        Objects.requireNonNull(goneWithin, "goneWithin");
        Objects.requireNonNull(upWithin, "upWithin");
        Objects.requireNonNull(restarts, "restarts");
    }

    /** What shows that a node that was up was restarted. */
    public sealed interface RestartShown {

        /** A reading names its instance (a pid, a container): a new one after the restart shows it. */
        record AsANewInstance() implements RestartShown {
        }

        /**
         * A reading names no instance (a URL answers before and after alike): a node that is up is killed first and
         * must read as gone before it is started again.
         */
        record DownInBetween() implements RestartShown {
        }

        /** A reading names no instance and nothing kills the node first: such a restart shows nothing, and why. */
        record NotShown(String why) implements RestartShown {
            public NotShown {
                Objects.requireNonNull(why, "why");
            }
        }
    }
}
