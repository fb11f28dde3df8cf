package io.replsim.replication.session;

import java.util.concurrent.atomic.LongAdder;

/** What happened to sessions on this node since it started, counted as it happens, for the node's stats. */
final class SessionCounters {
    private final LongAdder gravitations = new LongAdder();
    private final LongAdder invalidations = new LongAdder();
    private final LongAdder expirations = new LongAdder();
    private final LongAdder expiredCopies = new LongAdder();
    private final LongAdder passivations = new LongAdder();
    private final LongAdder activations = new LongAdder();
    private final LongAdder ownershipConflicts = new LongAdder();

    void gravitated() {
        gravitations.increment();
    }

    void invalidated() {
        invalidations.increment();
    }

    void expired() {
        expirations.increment();
    }

    void copyExpired() {
        expiredCopies.increment();
    }

    void passivated() {
        passivations.increment();
    }

    void activated() {
        activations.increment();
    }

    void ownershipConflictLost() {
        ownershipConflicts.increment();
    }

    /** How many sessions this node fetched from other members since it started. */
    long gravitations() {
        return gravitations.sum();
    }

    /** How many sessions requests on this node ended (logouts) since it started. */
    long invalidations() {
        return invalidations.sum();
    }

    /** Sessions this node owned and ended because nobody used them for the maximum inactive interval. */
    long expirations() {
        return expirations.sum();
    }

    /** Copies of other members' sessions this node dropped because they had gone unused for too long. */
    long expiredCopies() {
        return expiredCopies.sum();
    }

    /**
     * Sessions this node moved out of memory because it held more than maxActiveSessions, owned ones and replicas
     * alike.
     */
    long passivations() {
        return passivations.sum();
    }

    /**
     * Passivated sessions brought back into memory: by a request (its own, or a failover's takeover of a replica),
     * or by replication that needed the copy (a delta's base, an orphan's adoption).
     */
    long activations() {
        return activations.sum();
    }

    /**
     * How many sessions this node owned and lost to another owner's copy that outranked its own ({@link CopyRank}):
     * a partition healed with both sides owning them, or two members took one session over at once. Counted on the
     * loser, so the sum over the members is the number of conflicts.
     */
    long ownershipConflicts() {
        return ownershipConflicts.sum();
    }
}
