package io.replsim.loadgen;

/** Why a request attempt did not produce a usable {@code 200}. */
public enum ErrorKind {
    /** The connection was refused or could not be set up in time: the request never reached a server. */
    CONNECT,
    /** The connection broke mid-request (reset, closed) or the answer was unreadable: the outcome is unknown. */
    IO,
    /** No response within the request timeout: the outcome is unknown. */
    TIMEOUT,
    /** The node answered with a status other than 200, e.g. 503 when replication failed. */
    HTTP_STATUS
}
