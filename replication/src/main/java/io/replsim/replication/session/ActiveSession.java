package io.replsim.replication.session;

/**
 * A session locked for one request. Change it through {@link #session()}, hand it to
 * {@link SessionStore#update(ActiveSession)}, and close it (try-with-resources) to release the lock.
 */
public final class ActiveSession implements AutoCloseable {
    private final Session session;
    private final boolean created;
    private final boolean tookOwnership;
    private final boolean gravitated;
    private final Runnable release;
    private boolean closed;

    ActiveSession(Session session, boolean created, boolean tookOwnership, boolean gravitated, Runnable release) {
        this.session = session;
        this.created = created;
        this.tookOwnership = tookOwnership;
        this.gravitated = gravitated;
        this.release = release;
    }

    public Session session() {
        return session;
    }

    /** True when this request created the session. */
    public boolean created() {
        return created;
    }

    /** True when this node held only a replica, or nothing, and became the owner for this request (a failover). */
    public boolean tookOwnership() {
        return tookOwnership;
    }

    /** True when this node held no copy and fetched the session from another member for this request. */
    public boolean gravitated() {
        return gravitated;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            try {
                release.run();
            } finally {
                session.lock.unlock();
            }
        }
    }
}
