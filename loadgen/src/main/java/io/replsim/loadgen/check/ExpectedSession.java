package io.replsim.loadgen.check;

import io.replsim.loadgen.check.state.ExpectedState;
import io.replsim.loadgen.check.state.ExpiryEvidence;
import io.replsim.loadgen.check.state.ProbePath;
import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.script.RequestType.SessionKind;
import io.replsim.loadgen.script.RequestType.SerialRule;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What one user knows its session must look like, and the verdict on every answer it gets. Each user owns one;
 * not thread-safe, and need not be.
 *
 * <p>Against the replsim apps the user knows the whole state its requests built ({@link ExpectedState}: the serial,
 * the payload, the cart lines, the profile attributes, the bean), so each {@code 200}'s state digest is held to the
 * digest of that state at the serial answered. The verdicts, in order of weight (docs/drills.md, "Verdicts"):
 * LOST (another or a re-created session), STALE (the serial went back: the whole state came from an older copy),
 * CORRUPT (the serial is right but the rest of the state is not what the user wrote: a missed attribute change,
 * damaged bytes; a state that never existed), OK. A CORRUPT session stays the user's and is judged on: while the
 * state stays wrong every answer is CORRUPT again. Against a cluster whose answers carry no state digest (an
 * external one) the digest first seen must simply stay the same. An answer that does not show the field the
 * target's {@code --expect} names is CORRUPT whatever its digest.
 *
 * <p>A session ends FAILED when its node says it cannot read it ({@code 500} with {@code X-Replsim-Session:
 * unreadable}), or when its last answers, up to its end, were server errors only: the user got nothing but errors
 * from then on, whatever the state on the nodes.
 *
 * <p>A user whose requests on this session got outcomes (errors, failures, refusals) but never an answer it could
 * judge holds no session to give a verdict to: that attempt is NEVER SERVED
 * ({@link SessionVerdictCounts#neverServed()}), so a user the cluster never served still lands in a verdict.
 *
 * <p>A request that got no usable answer (a server error such as the {@code 503} of a failed sync replication, a
 * reset, a timeout) has an unknown outcome: the node may have applied it, and a node that cannot replicate keeps
 * the change it made (docs/replication.md). The user still adopts the cookie such an answer carries, as a browser
 * does, so the first answer it can judge may show a session its unknown request created and moved on. A judged
 * answer is never held to a lower serial for that, only allowed the serials those unknown requests may have added.
 *
 * <p>When the nodes expire idle sessions, a session that is gone is EXPIRED rather than LOST when its node may have
 * expired it: the node last touched it no earlier than the send of the last judged request, and checks it on the
 * next arrival, no later than that answer; so only when more than the interval lies between those two can the
 * node have expired it. A session gone after a shorter pause is LOST. Against replsim's nodes
 * ({@link ExpiryEvidence#NODE_SAYS}) the node must also say so ({@code X-Replsim-Session: expired}): a session gone
 * without that word is LOST however long the pause, and one the node says expired after a shorter pause than the
 * interval is LOST too (it expired too early: the state the user built went before its time).
 */
public final class ExpectedSession {
    /** A judged answer whose times are not known: never EXPIRED. */
    private static final long NO_TIME = Long.MIN_VALUE;

    /** The state model against the replsim apps; null when the digest first seen must stay (an external app). */
    private final ExpectedState state;
    /** How long the nodes keep an idle session; empty: forever, and a session gone is always LOST. */
    private final Optional<Duration> maxInactiveInterval;
    /** Whether EXPIRED needs the node's word besides a long enough pause. */
    private final ExpiryEvidence expiryEvidence;
    /** When the last judged request on the session held left the driver (epoch ms), or {@link #NO_TIME}. */
    private long lastJudgedSentMs = NO_TIME;
    private String sessionId;
    private String previousSessionId;
    private long lastSerial;
    private String digest;
    private Verdict sessionWorst = Verdict.OK;
    /** Whether the last judged reply was a LOST or CORRUPT one, whose session now stands in for the lost one. */
    private boolean replacedByLastReply;
    /** Requests with an unknown outcome since the last judged answer; each may have added one to the serial. */
    private long unknownOutcomes;
    /** Whether every answer since the last judged one (at least one) was a server error. */
    private boolean serverErrorsOnly;
    /** Whether a request got an outcome while the user held no session, none judged since: an attempt not served. */
    private boolean unservedAttempt;
    /** Attempts that ended (the user logged out) without a judged answer. */
    private long neverServed;
    /**
     * The session the user last logged out of, its last serial and digest, until it adopts another: a logout that
     * left the cookie sends its id again, and an answer from it (not created) is judged as that session going on.
     */
    private String endedSessionId;
    private long endedSerial;
    private String endedDigest;

    private final long[] responses = new long[Verdict.values().length];
    private final long[] finishedSessions = new long[Verdict.values().length];
    /** Each session and attempt never served that ended, in order, as sessions.csv lists them. */
    private final List<SessionOutcome> finished = new ArrayList<>();
    /** Requests whose outcome came since the current session (or attempt) began. */
    private long requestsNow;
    /** The nodes that answered on the current session, in the order they first did. */
    private final Set<String> nodesNow = new LinkedHashSet<>();
    private long distinctSessions;

    /** A user whose answers carry no state digest to model: the first digest seen must stay (external apps). */
    public ExpectedSession() {
        this.state = null;
        this.maxInactiveInterval = Optional.empty();
        this.expiryEvidence = ExpiryEvidence.IDLE_TIME;
    }

    /** A user of a replsim app, whose answers are held to {@code state}'s digest at the serial they show. */
    public ExpectedSession(ExpectedState state) {
        this(state, Optional.empty());
    }

    /**
     * As {@link #ExpectedSession(ExpectedState)}, on nodes that expire sessions idle for {@code maxInactiveInterval}
     * and cannot say so: judged by the user's idle time alone.
     */
    public ExpectedSession(ExpectedState state, Optional<Duration> maxInactiveInterval) {
        this(state, maxInactiveInterval, ExpiryEvidence.IDLE_TIME);
    }

    /** As {@link #ExpectedSession(ExpectedState, Optional)}, with what must show that a session expired. */
    public ExpectedSession(ExpectedState state, Optional<Duration> maxInactiveInterval,
                           ExpiryEvidence expiryEvidence) {
        this.state = Objects.requireNonNull(state, "state");
        this.maxInactiveInterval = Objects.requireNonNull(maxInactiveInterval, "maxInactiveInterval");
        this.expiryEvidence = Objects.requireNonNull(expiryEvidence, "expiryEvidence");
    }

    /**
     * The expectations of a session of {@code kind}: held to the state model when {@code shapes} describe the
     * nodes' apps, else to a digest that stays the same.
     */
    public static ExpectedSession of(Optional<SessionShapes> shapes, SessionKind kind) {
        return shapes.map(known -> new ExpectedSession(new ExpectedState(known.of(kind)), known.maxInactiveInterval(),
                        known.expiryEvidence()))
                .orElseGet(ExpectedSession::new);
    }

    /**
     * The expectations of a session built by requests to {@code path} when it is one of the probe app's writing
     * pages, whose model the path carries ({@link ProbePath}); else empty.
     */
    public static Optional<ExpectedSession> ofProbe(String path) {
        return ProbePath.model(path).map(model -> new ExpectedSession(new ExpectedState(model)));
    }

    /** The session the user holds and judges answers against, or null before its first judged answer. */
    public String sessionHeld() {
        return sessionId;
    }

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
        notServed();
    }

    /** Notes a request on this session that reached no node: every connection refused, or no live node to send to. */
    public void unreached() {
        notServed();
    }

    /** A request's outcome was no answer to judge; while the user holds no session, its attempt is not served yet. */
    private void notServed() {
        requestsNow++;
        if (sessionId == null) {
            unservedAttempt = true;
        }
    }

    /**
     * Notes an answer that was not a {@code 200} to a request on this session. A server error ({@code 5xx}) has an
     * unknown outcome ({@link #unknownOutcome()}) and, if the session's answers stay errors up to its end, makes it
     * FAILED; one whose node says it cannot read the session makes it FAILED at once.
     *
     * @return {@link Verdict#FAILED} for a session the node could not read, else empty
     */
    public Optional<Verdict> answeredWithError(int status, boolean unreadable) {
        if (status < 500) {
            notServed();
            return Optional.empty();
        }
        unknownOutcome();
        serverErrorsOnly = true;
        if (sessionId != null && unreadable) {
            sessionWorst = sessionWorst.worse(Verdict.FAILED);
            return Optional.of(Verdict.FAILED);
        }
        return Optional.empty();
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
        return judge(reply, rule, NO_TIME, NO_TIME);
    }

    /**
     * As {@link #judge(CounterReply, SerialRule)}, for a request that left the driver at {@code sentMs} and was
     * answered at {@code answeredMs} (epoch ms): what tells an expired session from a lost one.
     */
    public Verdict judge(CounterReply reply, SerialRule rule, long sentMs, long answeredMs) {
        return judge(reply, rule, sentMs, answeredMs, false);
    }

    /**
     * As {@link #judge(CounterReply, SerialRule, long, long)}, for an answer in which the node said
     * ({@code nodeSaysExpired}) or did not say that the session the request named had expired.
     */
    public Verdict judge(CounterReply reply, SerialRule rule, long sentMs, long answeredMs, boolean nodeSaysExpired) {
        requestsNow++;
        if (sessionId != null) {
            nodesNow.add(reply.node());
        }
        Verdict verdict = verdictOf(reply, rule, answeredMs, nodeSaysExpired);
        lastJudgedSentMs = sentMs;
        unknownOutcomes = 0;
        serverErrorsOnly = false;
        replacedByLastReply = verdict == Verdict.LOST || verdict == Verdict.EXPIRED;
        responses[verdict.ordinal()]++;
        switch (verdict) {
            case OK -> lastSerial = reply.serial();
            case STALE, CORRUPT -> {
                sessionWorst = sessionWorst.worse(verdict);
                // Judge the next response against what the server now holds, so one regression is one stale
                // response rather than every response until the serial catches up again.
                lastSerial = reply.serial();
                if (state == null && !reply.expectationUnmet()) {
                    digest = reply.digest();
                }
            }
            case LOST, EXPIRED -> {
                sessionWorst = sessionWorst.worse(verdict);
                finishSession();
                adopt(reply);
            }
            case FAILED -> throw new IllegalStateException("a 200 is never judged FAILED");
        }
        return verdict;
    }

    private Verdict verdictOf(CounterReply reply, SerialRule rule, long answeredMs, boolean nodeSaysExpired) {
        if (sessionId == null && reply.session().equals(endedSessionId) && !reply.created()) {
            resumeEnded(reply);
        }
        if (sessionId == null) {
            adopt(reply);
            // A brand-new session starts at 1, or up to one more for each unknown request that may have created and
            // moved it; anything else is history this user never made.
            if (reply.serial() < 1 || reply.serial() > 1 + unknownOutcomes) {
                return Verdict.STALE;
            }
            return stateMatches(reply) ? Verdict.OK : Verdict.CORRUPT;
        }
        if (!reply.session().equals(sessionId) || reply.created()) {
            boolean evidence = expiryEvidence == ExpiryEvidence.IDLE_TIME || nodeSaysExpired;
            return evidence && mayHaveExpired(answeredMs) ? Verdict.EXPIRED : Verdict.LOST;
        }
        boolean current = rule == SerialRule.ADVANCES ? reply.serial() > lastSerial : reply.serial() >= lastSerial;
        if (!current) {
            return Verdict.STALE;
        }
        return stateMatches(reply) ? Verdict.OK : Verdict.CORRUPT;
    }

    /**
     * Whether more than the maximum inactive interval lies between the last judged request's send and this answer
     * (to the millisecond both are read in, so the bound gives up at most one).
     */
    private boolean mayHaveExpired(long answeredMs) {
        return lastJudgedSentMs != NO_TIME && answeredMs != NO_TIME && maxInactiveInterval
                .filter(interval -> answeredMs - lastJudgedSentMs + 1 > interval.toMillis())
                .isPresent();
    }

    /** Whether the reply's state digest is the one the user's requests built up to the serial it shows. */
    private boolean stateMatches(CounterReply reply) {
        if (reply.expectationUnmet()) {
            return false;
        }
        if (state == null && digest == null) {
            // the session's first answers did not show the expected content: this is the first digest seen
            digest = reply.digest();
            return true;
        }
        String expected = state == null ? digest : state.digestAt(reply.session(), reply.serial());
        return reply.digest().equals(expected);
    }

    /**
     * The user ended the session (a logout, judged already): it counts by its worst response, and the next reply
     * starts a new one.
     */
    public void ended() {
        if (sessionId != null) {
            endedSessionId = sessionId;
            endedSerial = lastSerial;
            endedDigest = digest;
        }
        if (sessionId != null && !replacedByLastReply) {
            noteTrailingErrors();
            finishSession();
        }
        if (sessionId == null && unservedAttempt) {
            neverServed++;
            finished.add(SessionOutcome.neverServed(requestsNow));
        }
        requestsNow = 0;
        unservedAttempt = false;
        // A logout that found its session lost was served on a session the node made for it and ended at once:
        // the loss is counted, that stand-in is not a session the user had.
        sessionId = null;
        unknownOutcomes = 0;
        serverErrorsOnly = false;
        replacedByLastReply = false;
    }

    /**
     * The session the user logged out of answered again (the logout left its cookie, and a node still held it, or
     * an app ignored the logout): judged from where the user left it, so its state must follow the last the user
     * saw, and an older copy is STALE. The checker names the invalidated session answered again; here it is a session
     * of its own, counted once more.
     */
    private void resumeEnded(CounterReply reply) {
        sessionId = endedSessionId;
        lastSerial = endedSerial;
        digest = endedDigest;
        sessionWorst = Verdict.OK;
        unservedAttempt = false;
        nodesNow.clear();
        nodesNow.add(reply.node());
        endedSessionId = null;
    }

    /** A session whose answers were server errors only up to its end is FAILED. */
    private void noteTrailingErrors() {
        if (serverErrorsOnly) {
            sessionWorst = sessionWorst.worse(Verdict.FAILED);
        }
    }

    private void adopt(CounterReply reply) {
        endedSessionId = null;
        if (!reply.session().equals(previousSessionId)) {
            distinctSessions++;
        }
        previousSessionId = reply.session();
        sessionId = reply.session();
        unservedAttempt = false;
        lastSerial = reply.serial();
        digest = reply.expectationUnmet() ? null : reply.digest();
        sessionWorst = Verdict.OK;
        nodesNow.clear();
        nodesNow.add(reply.node());
    }

    private void finishSession() {
        finishedSessions[sessionWorst.ordinal()]++;
        finished.add(new SessionOutcome(sessionId, sessionWorst, List.copyOf(nodesNow), requestsNow));
        requestsNow = 0;
        nodesNow.clear();
        sessionId = null;
    }

    /**
     * Every session this user held and every attempt never served, in order, the current ones included as they
     * stand: the same sessions {@link #sessionVerdicts()} counts.
     */
    public List<SessionOutcome> sessions() {
        List<SessionOutcome> sessions = new ArrayList<>(finished);
        if (sessionId != null) {
            sessions.add(new SessionOutcome(sessionId, serverErrorsOnly ? sessionWorst.worse(Verdict.FAILED)
                    : sessionWorst, List.copyOf(nodesNow), requestsNow));
        } else if (unservedAttempt) {
            sessions.add(SessionOutcome.neverServed(requestsNow));
        }
        return sessions;
    }

    /**
     * Every session this user held, the current one included, by its worst response so far, and its attempts never
     * served, the current one included.
     */
    public SessionVerdictCounts sessionVerdicts() {
        long[] counts = finishedSessions.clone();
        if (sessionId != null) {
            counts[(serverErrorsOnly ? sessionWorst.worse(Verdict.FAILED) : sessionWorst).ordinal()]++;
        }
        return new SessionVerdictCounts(counts[Verdict.OK.ordinal()], counts[Verdict.STALE.ordinal()],
                counts[Verdict.LOST.ordinal()], counts[Verdict.CORRUPT.ordinal()], counts[Verdict.FAILED.ordinal()],
                counts[Verdict.EXPIRED.ordinal()], neverServed + (sessionId == null && unservedAttempt ? 1 : 0));
    }

    public ResponseVerdictCounts responseVerdicts() {
        return new ResponseVerdictCounts(responses[Verdict.OK.ordinal()], responses[Verdict.STALE.ordinal()],
                responses[Verdict.LOST.ordinal()], responses[Verdict.CORRUPT.ordinal()],
                responses[Verdict.EXPIRED.ordinal()]);
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
