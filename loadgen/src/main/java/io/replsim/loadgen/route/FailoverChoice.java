package io.replsim.loadgen.route;

import io.replsim.settings.Labelled;

/** Where a balancer sends a session whose node is down. */
public enum FailoverChoice implements Labelled {
    /**
     * The live node with the fewest requests in flight from this balancer, as mod_jk's {@code method=B}
     * (busyness) does; each search starts just after the node the previous one chose, as mod_jk's does, so equally
     * idle nodes take turns and a dead node's users spread over the survivors.
     */
    SPREAD,
    /** The next live node after the session's own in list order: a dead node's users all land on one survivor. */
    NEXT;
}
