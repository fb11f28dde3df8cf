package io.replsim.scenario.runtime;

/** The cluster could not be brought up; the message says which node, what happened and where its log is. */
public final class ClusterStartException extends Exception {
    public ClusterStartException(String message) {
        super(message);
    }
}
