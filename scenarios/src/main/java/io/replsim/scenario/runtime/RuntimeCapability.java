package io.replsim.scenario.runtime;

/**
 * What a runtime can do to its nodes or read from them. A scenario needs some of these ({@link ScenarioNeeds});
 * a runtime declares the ones it lacks ({@link RuntimeCapabilities}), and each need it lacks is one refusal, found
 * before anything starts and by {@code replsim validate}.
 */
public enum RuntimeCapability {
    FRESH_CLUSTER("a fresh cluster for each play"),
    FORCED_FULL_GC("a full GC forced in one node through replsim's admin API"),
    OWN_NODE_APPS("nodes that serve replsim's own apps (counter, cart, profile, bean) and spend their service time"),
    OWN_JGROUPS_STACK("nodes whose JGroups stack replsim sets"),
    OPEN_MODEL("arrivals at a rate, each user a new session (the open model's driver)"),
    KILL("a way to kill a node"),
    STOP("a graceful leave of one node (SIGTERM)"),
    PAUSE("freezing a node and letting it run again (SIGSTOP, SIGCONT)"),
    RESTART("a way to start a killed node again"),
    PARTITION("cutting nodes off from each other (JGroups DISCARD, or the network)"),
    DELAY("delaying a node's messages (JGroups DELAY)"),
    DISCARD("dropping a share of one link's messages (JGroups DISCARD)"),
    RESET("resetting the connections a node answers, after it processed their requests (replsim's admin API)"),
    CLUSTER_VIEW("the cluster's views and which node backs up which, read from the nodes"),
    NODE_CPU("each node's own CPU, read from the node"),
    FLIGHT_RECORDING("a JDK Flight Recording of each node's own JVM, written into the run directory"),
    METRICS("each node's Prometheus metrics on a port of this machine's loopback, given to the node as it starts");

    private final String description;

    RuntimeCapability(String description) {
        this.description = description;
    }

    /** What the capability is, as a refusal says it: "a pause needs {@code description}". */
    public String description() {
        return description;
    }
}
