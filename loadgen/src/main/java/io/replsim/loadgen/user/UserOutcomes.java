package io.replsim.loadgen.user;

import io.replsim.loadgen.check.Verdict;
import io.replsim.loadgen.exchange.ErrorKind;
import io.replsim.loadgen.exchange.Exchange;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.record.RunRecording;
import io.replsim.loadgen.record.ScriptTally;
import io.replsim.loadgen.record.TimelineRecorder;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.RequestType.SerialRule;
import io.replsim.loadgen.steady.SteadyRecording;

import java.util.Optional;

/**
 * Where one user's request outcomes go: every answer judged against the session it was sent on, and every answer,
 * error and failure counted in the run's recording, the steady window's tally, the script's per-type counts (a
 * request without a script, whose type is {@code null}, has none) and the user's timeline.
 */
final class UserOutcomes {
    private final RunRecording recording;
    private final SteadyRecording steady;
    private final ScriptTally scriptTally;
    private final TimelineRecorder timeline;
    /** Present when the user has more than one tab: the history, not the serial oracle, judges their answers. */
    private final Optional<TabsOfUser> tabs;
    /** Whether a request of this user got its outcome: the user counts as started. */
    private boolean hadOutcome;

    UserOutcomes(int user, RunRecording recording, SteadyRecording steady, ScriptTally scriptTally,
                 Optional<TabsOfUser> tabs) {
        this.recording = recording;
        this.steady = steady;
        this.scriptTally = scriptTally;
        this.timeline = new TimelineRecorder(user);
        this.tabs = tabs;
    }

    /** A request got its outcome, whatever it was. */
    void requestDone(long atMs, RequestType type) {
        hadOutcome = true;
        tabs.ifPresent(user -> user.outcome(false));
        recording.requestDone(atMs);
        if (type != null) {
            scriptTally.requestDone(type);
        }
    }

    /** An attempt failed without an answer ({@code node} null: no live node to send it to). */
    void failure(NodeEndpoint node, ErrorKind kind, long atMs, RequestType type) {
        if (type != null) {
            scriptTally.error(type, kind);
        }
        recording.error(kind, atMs);
        steady.error(System.nanoTime(), kind);
        timeline.failure(node == null ? null : node.name(), kind, atMs);
    }

    /** A node answered the request sent on {@code held} after {@code micros}: recorded, and judged when it can be. */
    void answered(Exchange.Answered answered, long nowNanos, long micros, RequestType type, HeldSession held) {
        if (type == null) {
            recording.answered(micros);
        } else {
            recording.answered(scriptTally.tagIndex(type), micros);
        }
        steady.answered(nowNanos, micros);
        answered.setCookie().ifPresent(issued -> held.cookie.set(Optional.of(issued)));
        if (answered.status() != 200 || answered.reply().isEmpty()) {
            answeredWithError(answered, nowNanos, type, held);
            return;
        }
        recording.served(micros);
        steady.served(nowNanos, micros);
        long sentMs = answered.atMs() - micros / 1000;
        if (tabs.isPresent()) {
            // The oracle holds an answer to the state this tab's own requests built, which other tabs' writes change
            // in between: not judged here, the history judges the session.
            tabs.get().outcome(true);
            timeline.answered(answered.node(), sentMs, answered.atMs(), true);
            return;
        }
        String sessionId = held.expected.sessionFor(answered.reply().get());
        Verdict verdict = held.expected.judge(answered.reply().get(),
                type == null ? SerialRule.ADVANCES : type.serialRule(), sentMs, answered.atMs(),
                answered.sessionExpired());
        if (type != null) {
            scriptTally.judged(type, verdict);
        }
        timeline.answered(answered.node(), sentMs, answered.atMs(), verdict.expected());
        timeline.judged(answered.node(), sessionId, verdict, sentMs, answered.atMs(),
                answered.reply().get().serial());
    }

    private void answeredWithError(Exchange.Answered answered, long nowNanos, RequestType type, HeldSession held) {
        // A server error, e.g. a failed sync replication's 503, has an unknown outcome: the node kept the change, and
        // may have made the session. One that says the node cannot read the session fails it.
        String heldSession = held.expected.sessionHeld();
        held.expected.answeredWithError(answered.status(), answered.sessionUnreadable()).ifPresent(failed ->
                timeline.judged(answered.node(), heldSession, failed, answered.atMs()));
        recording.error(ErrorKind.HTTP_STATUS, answered.atMs());
        if (type != null) {
            scriptTally.error(type, ErrorKind.HTTP_STATUS);
        }
        // in the steady window's tally too, as the open model counts it: the error ratio and every limit read from it
        // (a capacity step's, a warm-up round's) see a cluster answering 503s
        steady.error(nowNanos, ErrorKind.HTTP_STATUS);
        timeline.answeredWithError(answered.node(), answered.atMs());
    }

    boolean hadOutcome() {
        return hadOutcome;
    }

    /** The node that sent this user's latest response, while the user runs too. */
    Optional<String> servingNode() {
        return timeline.servingNode();
    }

    UserTimeline timeline() {
        return timeline.timeline();
    }
}
