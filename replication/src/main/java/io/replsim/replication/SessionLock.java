package io.replsim.replication;

import io.replsim.settings.Labelled;

/**
 * Whether a node's requests on one session wait for each other. PER_SESSION (replsim's default): a request holds its
 * session from reading it to storing it, so two requests on one session run one after the other. NONE (a session
 * manager without locking that loads a session at a request's start and stores it at its end, such as
 * memcached-session-manager's lockingMode none): a request works on the session as it was when the request arrived
 * and stores it whole at its end, so of two requests on one session at once the later store wins and the earlier
 * one's change is lost.
 */
public enum SessionLock implements Labelled {
    PER_SESSION,
    NONE;
}
