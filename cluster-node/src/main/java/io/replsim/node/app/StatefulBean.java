package io.replsim.node.app;

import java.io.Serializable;
import java.util.HashMap;

/**
 * A stateful session bean as its container sees it (JBoss AS 5 §3): state that fails over like a session, and
 * the isModified() hook by which a bean tells the container an invocation changed nothing worth replicating.
 */
public interface StatefulBean {
    /** The state to replicate, of allow-listed types only, so a backup can read it. */
    HashMap<String, Serializable> state();

    /** False when the last invocation left the state as it was: the container then replicates nothing. */
    boolean isModified();
}
