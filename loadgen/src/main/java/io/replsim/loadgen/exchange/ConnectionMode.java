package io.replsim.loadgen.exchange;

import io.replsim.settings.Labelled;

/** How the driver's requests use TCP connections (the keep-alive choices of glassfish-and-load-testing §2). */
public enum ConnectionMode implements Labelled {
    /** Kept-alive connections in one pool per node that every user borrows from: a browser-independent proxy's view. */
    SHARED_POOL,
    /** Each user keeps its own connection to each node it talks to, as a browser does. */
    PER_USER,
    /**
     * A new TCP connection for every request, closed after the response ({@code Connection: close}): the keep-alive
     * pitfall of the sources, where the connection set-up dominates and the server's accept queue fills.
     */
    PER_REQUEST;
}
