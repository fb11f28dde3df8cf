package io.replsim.loadgen.check.state;

/**
 * What tells the driver a session expired rather than got lost. replsim's nodes say so ({@code X-Replsim-Session:
 * expired} on the answer that hands out the new session); a runtime whose nodes cannot say it (a Tomcat cluster, an
 * external {@code --target}) leaves the driver its own clock.
 */
public enum ExpiryEvidence {
    /**
     * EXPIRED only when the node says the session expired and the user was idle long enough for that to be right;
     * a session gone without the node's word, or expired before its interval, is LOST.
     */
    NODE_SAYS,
    /** EXPIRED when the user was idle long enough that the node may have expired the session, else LOST. */
    IDLE_TIME
}
