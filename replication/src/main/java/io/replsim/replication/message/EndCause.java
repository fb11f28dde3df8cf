package io.replsim.replication.message;

/**
 * Why a session ended: a request ended it (a logout), or nobody used it for the maximum inactive interval. A member
 * that later gets a request for it tells the user which ({@code X-Replsim-Session: expired}), so the load driver
 * need not guess an expiry from its own clock.
 */
public enum EndCause {
    INVALIDATED,
    EXPIRED
}
