package io.replsim.scenario.fault;

import java.time.Duration;
import java.util.List;

/** What the nemesis did to the cluster, in enough detail to undo it. */
public sealed interface Disruption {

    /** The nodes the fault took away from the others (the cut-off side of a partition). */
    List<String> nodes();

    /** Whether it stays in effect until healed; a kill or a restart is over once done. */
    default boolean lasts() {
        return false;
    }

    /** When the last of its nodes went down, when that was later than the fault itself (a double kill). */
    default java.util.OptionalLong allDownAtEpochMs() {
        return java.util.OptionalLong.empty();
    }

    /** What a report shows beside the type, such as the delay; empty when the type says it all. */
    default String detail() {
        return "";
    }

    record Killed(String node) implements Disruption {
        @Override
        public List<String> nodes() {
            return List.of(node);
        }
    }

    /** A node and then its buddy, {@code gap} apart: the double failure. */
    record KilledPair(String node, String buddy, Duration gap, long buddyKilledAtEpochMs) implements Disruption {
        @Override
        public List<String> nodes() {
            return List.of(node, buddy);
        }

        @Override
        public java.util.OptionalLong allDownAtEpochMs() {
            return java.util.OptionalLong.of(buddyKilledAtEpochMs);
        }

        @Override
        public String detail() {
            return "its buddy " + buddy + " " + gap.toMillis() + " ms later";
        }
    }

    record Stopped(String node) implements Disruption {
        @Override
        public List<String> nodes() {
            return List.of(node);
        }
    }

    record Restarted(String node) implements Disruption {
        @Override
        public List<String> nodes() {
            return List.of(node);
        }
    }

    record Paused(String node) implements Disruption {
        @Override
        public List<String> nodes() {
            return List.of(node);
        }

        @Override
        public boolean lasts() {
            return true;
        }
    }

    /** {@code cutOff}: every side but the largest, the nodes whose loss the figures are about. */
    record Partitioned(List<List<String>> sides, List<String> cutOff) implements Disruption {
        public Partitioned {
            sides = sides.stream().map(List::copyOf).toList();
            cutOff = List.copyOf(cutOff);
        }

        @Override
        public List<String> nodes() {
            return cutOff;
        }

        @Override
        public boolean lasts() {
            return true;
        }

        @Override
        public String detail() {
            return "sides " + sides;
        }
    }

    /** The node loses that share of the cluster messages it receives from {@code from}, one direction only. */
    record Losing(String node, String from, double probability) implements Disruption {
        @Override
        public List<String> nodes() {
            return List.of(node);
        }

        @Override
        public boolean lasts() {
            return true;
        }

        @Override
        public String detail() {
            return Math.round(probability * 100) + "% of the messages from " + from + " dropped";
        }
    }

    /** The node processes each request and resets its connection instead of answering. */
    record Resetting(String node) implements Disruption {
        @Override
        public List<String> nodes() {
            return List.of(node);
        }

        @Override
        public boolean lasts() {
            return true;
        }

        @Override
        public String detail() {
            return "each connection it answers reset before the answer";
        }
    }

    record Delayed(String node, Duration delay) implements Disruption {
        @Override
        public List<String> nodes() {
            return List.of(node);
        }

        @Override
        public boolean lasts() {
            return true;
        }

        @Override
        public String detail() {
            return delay.toMillis() + " ms on every message it sends";
        }
    }
}
