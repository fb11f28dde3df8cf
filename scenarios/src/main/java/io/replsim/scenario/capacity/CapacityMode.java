package io.replsim.scenario.capacity;

import io.replsim.scenario.runtime.CapabilityNeed;
import io.replsim.scenario.runtime.RuntimeCapability;
import java.util.List;

/** Which search {@code replsim capacity} makes, and what each needs of the runtime beyond the scenario's load. */
public enum CapacityMode {
    /** The search on the whole cluster. */
    ALL_NODES("all-nodes"),
    /** Then one node killed and the search again on the survivors ({@code --one-node-down}). */
    ONE_NODE_DOWN("one-node-down"),
    /**
     * Each step kills the node owning the most sessions and is judged on the window after the kill; the node is
     * started again before the next ({@code --through-kill}).
     */
    THROUGH_KILL("through-kill");

    private final String label;

    CapacityMode(String label) {
        this.label = label;
    }

    /** As summary.json and capacity.csv write it. */
    public String label() {
        return label;
    }

    /** The mode the command's two flags ask for; both together are refused, naming them. */
    public static CapacityMode of(boolean oneNodeDown, boolean throughKill) {
        if (oneNodeDown && throughKill) {
            throw new IllegalArgumentException("--one-node-down and --through-kill are two searches: the first"
                    + " searches the survivors after a kill with no kill in its steps, the second kills a node in"
                    + " every step of one search on the whole cluster; give one of them");
        }
        return throughKill ? THROUGH_KILL : oneNodeDown ? ONE_NODE_DOWN : ALL_NODES;
    }

    /** What the mode needs of a runtime of {@code nodes} nodes. */
    public List<CapabilityNeed> needs(int nodes) {
        return switch (this) {
            case ALL_NODES -> List.of();
            case ONE_NODE_DOWN -> nodes > 1 ? List.of(new CapabilityNeed("--one-node-down",
                    "a search with one node down", RuntimeCapability.KILL, "leave --one-node-down out")) : List.of();
            case THROUGH_KILL -> List.of(
                    new CapabilityNeed("--through-kill", "a search through a kill", RuntimeCapability.KILL,
                            "leave --through-kill out"),
                    new CapabilityNeed("--through-kill", "a search through a kill (the killed node started again"
                            + " for the next step)", RuntimeCapability.RESTART, "leave --through-kill out"),
                    new CapabilityNeed("--through-kill", "a search through a kill (the restarted node awaited in"
                            + " every member's view)", RuntimeCapability.CLUSTER_VIEW, "leave --through-kill out"));
        };
    }
}
