package io.replsim.node;

import java.net.BindException;

/**
 * Whether a node's start failed because one of its ports was taken when it bound it: another program got there
 * between the runner's check that the port was free and the node's bind, so the start may be tried again on other
 * ports. A process node says so with {@link NodeMain#EXIT_PORT_TAKEN}; the in-JVM runtime asks this directly.
 */
public final class PortTakenFailure {
    private PortTakenFailure() {
    }

    /** Undertow and JGroups wrap the bind's own exception, at a depth of their own. */
    public static boolean causedBy(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            // JGroups' FD_SOCK2 (a NioServer) reports its port range all taken in its own words, not as a BindException
            if (cause instanceof BindException || cause instanceof IllegalStateException
                    && String.valueOf(cause.getMessage()).contains("failed to find an available port")) {
                return true;
            }
        }
        return false;
    }
}
