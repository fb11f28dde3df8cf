package io.replsim.loadgen.record;

import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.check.PriorAnswer;
import io.replsim.loadgen.check.VerdictMark;
import io.replsim.loadgen.check.Verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Builds one user's {@link UserTimeline} as responses and failures arrive: memory grows with the number of node
 * changes and failure runs, not with the number of requests. Owned by its user's thread; not thread-safe.
 */
public final class TimelineRecorder {

    private final int user;
    private final List<Stint> stints = new ArrayList<>();
    private final List<Failure> failures = new ArrayList<>();
    private final List<VerdictMark> marks = new ArrayList<>();

    private String stintNode;
    private long stintFirstAtMs;
    private long stintFirstOkAtMs = Stint.NEVER;
    private long stintLastAtMs;
    private long stintFirstSentAtMs;

    private Failure openFailure;
    /** The last answer judged, the one the next is held to; null before one or after the session was replaced. */
    private String priorSession;
    private PriorAnswer prior;
    /** Requests since the last judged answer that got no usable answer. */
    private int unanswered;
    // Read by other threads (a runner asking which node serves this user now), so kept apart and volatile.
    private volatile String servingNode;

    public TimelineRecorder(int user) {
        this.user = user;
    }

    /** A {@code 200} served by {@code node}; {@code ok} is whether it was judged OK. It ends the failure run. */
    public void answered(String node, long atMs, boolean ok) {
        answered(node, atMs, atMs, ok);
    }

    /** As {@link #answered(String, long, boolean)}, with when the request left the driver ({@code sentAtMs}). */
    public void answered(String node, long sentAtMs, long atMs, boolean ok) {
        extendStint(node, sentAtMs, atMs, ok);
        closeFailure();
    }

    /**
     * A {@code 200} from {@code node} judged STALE, LOST or CORRUPT for {@code session}; OK and EXPIRED ones, what a
     * correct cluster answers, are not kept. Without the serial shown: the mark cannot say what it was held to.
     */
    public void judged(String node, String session, Verdict verdict, long atMs) {
        if (!verdict.expected() && marks.size() < UserTimeline.MAX_MARKS) {
            marks.add(new VerdictMark(node, session, verdict, atMs));
        }
    }

    /**
     * Every judged answer, OK ones included ({@code serial}: the serial it showed): a STALE, LOST or CORRUPT one is
     * kept with the answer judged before it on the same session, so a reader sees which node showed what and when;
     * every answer becomes the one the next is held to, as the user's expectations take it.
     */
    public void judged(String node, String session, Verdict verdict, long atMs, long serial) {
        judged(node, session, verdict, atMs, atMs, serial);
    }

    /** As {@link #judged(String, String, Verdict, long, long)}, with when the request left the driver. */
    public void judged(String node, String session, Verdict verdict, long sentAtMs, long atMs, long serial) {
        if (!verdict.expected() && marks.size() < UserTimeline.MAX_MARKS) {
            marks.add(new VerdictMark(node, session, verdict, atMs, serial,
                    session.equals(priorSession) ? prior : null, unanswered, sentAtMs));
        }
        boolean replaced = verdict == Verdict.LOST || verdict == Verdict.EXPIRED;
        priorSession = replaced ? null : session;
        prior = replaced ? null : new PriorAnswer(node, serial, atMs);
        unanswered = 0;
    }

    /** {@code node} answered with a status other than 200: it served the user, and the attempt failed. */
    public void answeredWithError(String node, long atMs) {
        unanswered++;
        extendStint(node, atMs, atMs, false);
        failure(node, ErrorKind.HTTP_STATUS, atMs);
    }

    private void extendStint(String node, long sentAtMs, long atMs, boolean ok) {
        if (!node.equals(stintNode)) {
            closeStint();
            stintNode = node;
            stintFirstAtMs = atMs;
            stintFirstSentAtMs = sentAtMs;
            stintFirstOkAtMs = Stint.NEVER;
        }
        stintLastAtMs = atMs;
        if (!node.equals(servingNode)) {
            servingNode = node; // a volatile write is a full fence: only when the node changes
        }
        if (ok && stintFirstOkAtMs == Stint.NEVER) {
            stintFirstOkAtMs = atMs;
        }
    }

    /** A failed attempt on {@code node} ({@code null} when no node was live). */
    public void failure(String node, ErrorKind kind, long atMs) {
        if (kind == ErrorKind.IO || kind == ErrorKind.TIMEOUT) {
            // may have reached the node; a refused connection never did, an error status counted in answeredWithError
            unanswered++;
        }
        if (openFailure != null && openFailure.kind() == kind && Objects.equals(openFailure.node(), node)) {
            openFailure = new Failure(node, kind, openFailure.firstAtMs(), atMs, openFailure.count() + 1);
            return;
        }
        closeFailure();
        openFailure = new Failure(node, kind, atMs, atMs, 1);
    }

    private void closeStint() {
        if (stintNode != null) {
            stints.add(new Stint(stintNode, stintFirstAtMs, stintFirstOkAtMs, stintLastAtMs, stintFirstSentAtMs));
        }
    }

    private void closeFailure() {
        if (openFailure != null) {
            failures.add(openFailure);
            openFailure = null;
        }
    }

    /** The node that sent this user's latest response; safe to call from any thread. */
    public java.util.Optional<String> servingNode() {
        return java.util.Optional.ofNullable(servingNode);
    }

    /** The timeline so far, the open stint and failure run included. */
    public UserTimeline timeline() {
        List<Stint> allStints = new ArrayList<>(stints);
        if (stintNode != null) {
            allStints.add(new Stint(stintNode, stintFirstAtMs, stintFirstOkAtMs, stintLastAtMs, stintFirstSentAtMs));
        }
        List<Failure> allFailures = new ArrayList<>(failures);
        if (openFailure != null) {
            allFailures.add(openFailure);
        }
        return new UserTimeline(user, allStints, allFailures, marks);
    }
}
