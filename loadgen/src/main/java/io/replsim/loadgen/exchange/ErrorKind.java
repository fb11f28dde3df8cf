package io.replsim.loadgen.exchange;

/** Why a request attempt did not produce a usable {@code 200}. */
public enum ErrorKind {
    /** The connection was refused or could not be set up in time: the request never reached a server. */
    CONNECT,
    /**
     * The connection broke mid-request (reset, closed) or the answer was unreadable: the outcome is unknown. So is a
     * request sent whole on a kept-alive connection that then failed, even when a new connection to the same node is
     * refused next: the node may have processed it before it went away.
     */
    IO,
    /** No response within the request timeout: the outcome is unknown. */
    TIMEOUT,
    /** The node answered with a status other than 200, e.g. 503 when replication failed. */
    HTTP_STATUS
}
