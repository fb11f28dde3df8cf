package io.replsim.loadgen.check;

import io.replsim.loadgen.ResponseVerdictCounts;
import io.replsim.loadgen.SessionVerdictCounts;
import io.replsim.loadgen.exchange.CounterReply;
import io.replsim.loadgen.script.RequestType.SerialRule;

/**
 * What one user knows its session must look like, and the verdict on every {@code 200} it gets. Each user owns one;
 * not thread-safe, and need not be.
 *
 * <p>A changed payload digest is counted as its own response verdict, {@link Verdict#CORRUPT}, not as STALE: an
 * older replica would carry the same payload (the payload never changes in a session's life), so a different digest
 * means the bytes were damaged or the state was replaced, and the user can no longer trust anything in the
 * session. Its session therefore counts as lost, and the user starts judging afresh from the reply it got, exactly
 * as after a LOST response.
 *
 * <p>A request that got no usable answer (a server error such as the {@code 503} of a failed sync replication, a
 * reset, a timeout) has an unknown outcome: the node may have applied it, and a node that cannot replicate keeps
 * the change it made (docs/replication.md). The user still adopts the cookie such an answer carries, as a browser
 * does, so the first answer it can judge may show a session its unknown request created and moved on. A judged
 * answer is never held to a lower serial for that, only allowed the serials those unknown requests may have added.
 */
public final class ExpectedSession {

    private String sessionId;
    private String previousSessionId;
    private long lastSerial;
    private String digest;
    private Verdict sessionWorst = Verdict.OK;
    /** Whether the last judged reply was a LOST or CORRUPT one, whose session now stands in for the lost one. */
    private boolean replacedByLastReply;
    /** Requests with an unknown outcome since the last judged answer; each may have added one to the serial. */
    private long unknownOutcomes;

    private final long[] responses = new long[Verdict.values().length];
    private final long[] finishedSessions = new long[Verdict.values().length];
    private long distinctSessions;

    /** The session the next reply is judged against, or {@code reply}'s own when the user holds none yet. */
    public String sessionFor(CounterReply reply) {
        return sessionId != null ? sessionId : reply.session();
    }

    /**
     * Notes a request on this session that got no usable answer but may have reached a node (not a refused
     * connection, which never did): a server error, a reset or a timeout.
     */
    public void unknownOutcome() {
        unknownOutcomes++;
    }

    /** Judges {@code reply}, the answer to a request that carried this user's session (or none yet). */
    public Verdict judge(CounterReply reply) {
        return judge(reply, SerialRule.ADVANCES);
    }

    /**
     * Judges the answer to a request whose serial follows {@code rule}: a read must show at least the serial last
     * seen (a lower one came from an older replica), a write must move past it.
     */
    public Verdict judge(CounterReply reply, SerialRule rule) {
        Verdict verdict = verdictOf(reply, rule);
        unknownOutcomes = 0;
        replacedByLastReply = verdict == Verdict.LOST || verdict == Verdict.CORRUPT;
        responses[verdict.ordinal()]++;
        switch (verdict) {
            case OK -> lastSerial = reply.serial();
            case STALE -> {
                sessionWorst = sessionWorst.worse(verdict);
                // Judge the next response against what the server now holds, so one regression is one stale
                // response rather than every response until the serial catches up again.
                lastSerial = reply.serial();
            }
            case LOST, CORRUPT -> {
                sessionWorst = sessionWorst.worse(verdict);
                finishSession();
                adopt(reply);
            }
        }
        return verdict;
    }

    private Verdict verdictOf(CounterReply reply, SerialRule rule) {
        if (sessionId == null) {
            adopt(reply);
            // A brand-new session starts at 1, or up to one more for each unknown request that may have created and
            // moved it; anything else is history this user never made.
            return reply.serial() >= 1 && reply.serial() <= 1 + unknownOutcomes ? Verdict.OK : Verdict.STALE;
        }
        if (!reply.session().equals(sessionId) || reply.created()) {
            return Verdict.LOST;
        }
        if (!reply.digest().equals(digest)) {
            return Verdict.CORRUPT;
        }
        boolean current = rule == SerialRule.ADVANCES ? reply.serial() > lastSerial : reply.serial() >= lastSerial;
        return current ? Verdict.OK : Verdict.STALE;
    }

    /**
     * The user ended the session (a logout, judged already): it counts by its worst response, and the next reply
     * starts a new one.
     */
    public void ended() {
        if (sessionId != null && !replacedByLastReply) {
            finishSession();
        }
        // A logout that found its session lost was served on a session the node made for it and ended at once:
        // the loss is counted, that stand-in is not a session the user had.
        sessionId = null;
        unknownOutcomes = 0;
        replacedByLastReply = false;
    }

    private void adopt(CounterReply reply) {
        if (!reply.session().equals(previousSessionId)) {
            distinctSessions++;
        }
        previousSessionId = reply.session();
        sessionId = reply.session();
        lastSerial = reply.serial();
        digest = reply.digest();
        sessionWorst = Verdict.OK;
    }

    private void finishSession() {
        finishedSessions[sessionWorst.ordinal()]++;
        sessionId = null;
    }

    /** Every session this user held, the current one included, by its worst response so far. */
    public SessionVerdictCounts sessionVerdicts() {
        long[] counts = finishedSessions.clone();
        if (sessionId != null) {
            counts[sessionWorst.ordinal()]++;
        }
        return new SessionVerdictCounts(counts[Verdict.OK.ordinal()], counts[Verdict.STALE.ordinal()],
                counts[Verdict.LOST.ordinal()]);
    }

    public ResponseVerdictCounts responseVerdicts() {
        return new ResponseVerdictCounts(responses[Verdict.OK.ordinal()], responses[Verdict.STALE.ordinal()],
                responses[Verdict.LOST.ordinal()], responses[Verdict.CORRUPT.ordinal()]);
    }

    /**
     * Distinct session ids this user has held. A user only ever sends its current session, so an id it left never
     * comes back and counting changes of id is exact, in constant memory however many sessions a forgetful node
     * hands out; only a session re-created under the same id is not a new id.
     */
    public long distinctSessions() {
        return distinctSessions;
    }
}
