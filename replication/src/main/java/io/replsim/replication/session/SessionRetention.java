package io.replsim.replication.session;

/**
 * Whether a node keeps the sessions it served between requests. The jgroups engine keeps them (the owner's copy
 * is the session; replicas travel to backups). A cache engine releases them when the request ends: the cache is
 * where a session lives, and a copy kept here would go stale the moment another member served it.
 */
public enum SessionRetention {
    KEEP_COPIES,
    RELEASE_AFTER_REQUEST
}
