package io.replsim.loadgen.facefixture;

import io.replsim.node.NodeMain;

/**
 * A driver class that names the node, which loadgen must never see (they meet only over HTTP). It lives in this
 * module's tests because loadgen's own class path has no node to name.
 */
public final class DriverThatSeesTheNode {

    private DriverThatSeesTheNode() {
    }

    public static String node() {
        return NodeMain.class.getSimpleName();
    }
}
