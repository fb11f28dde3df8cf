package io.replsim.node.facefixture;

import io.replsim.replication.engine.JGroupsEngine;

/** A node class that names replication's own engine instead of starting one through the host face. */
public final class NodeReachingIntoTheEngine {

    private NodeReachingIntoTheEngine() {
    }

    public static String engine() {
        return JGroupsEngine.class.getSimpleName();
    }
}
