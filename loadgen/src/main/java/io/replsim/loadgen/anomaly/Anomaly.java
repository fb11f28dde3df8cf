package io.replsim.loadgen.anomaly;

import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Outcome;
import java.util.List;

/**
 * One anomaly and the smallest set of requests of the history that proves it: each kind says in one sentence why
 * those requests cannot all be right about a correct session.
 */
public sealed interface Anomaly {

    AnomalyKind kind();

    /** The requests that prove it, in the order {@link #why()} names them. */
    List<HistoryRequest> proof();

    /** Why the proof proves it, naming the requests by id. */
    String why();

    /** {@code write} was acknowledged, and {@code lastRead}, the last read of its session sent after that, lacks it. */
    record LostUpdate(HistoryRequest write, HistoryRequest lastRead) implements Anomaly {
        public AnomalyKind kind() {
            return AnomalyKind.LOST_UPDATE;
        }

        public List<HistoryRequest> proof() {
            return List.of(write, lastRead);
        }

        public String why() {
            return "#" + write.id() + " appended " + write.appended().getAsLong() + " and was acknowledged; #"
                    + lastRead.id() + ", the last read of the session sent after that, lacks it";
        }
    }

    /** {@code write} was acknowledged to its user, whose {@code read}, sent after it, lacks it. */
    record ReadYourWritesViolated(HistoryRequest write, HistoryRequest read) implements Anomaly {
        public AnomalyKind kind() {
            return AnomalyKind.READ_YOUR_WRITES_VIOLATED;
        }

        public List<HistoryRequest> proof() {
            return List.of(write, read);
        }

        public String why() {
            return "#" + write.id() + " appended " + write.appended().getAsLong() + " and was acknowledged; #"
                    + read.id() + " of the same user, sent after that, lacks it (the session's last read shows it)";
        }
    }

    /** {@code later}, sent after {@code earlier} ended, lacks the elements {@code missing} {@code earlier} held. */
    record NonMonotonicRead(HistoryRequest earlier, HistoryRequest later, List<Long> missing) implements Anomaly {
        public NonMonotonicRead {
            missing = List.copyOf(missing);
        }

        public AnomalyKind kind() {
            return AnomalyKind.NON_MONOTONIC_READ;
        }

        public List<HistoryRequest> proof() {
            return List.of(earlier, later);
        }

        public String why() {
            String elements = missing.size() == 1 ? String.valueOf(missing.getFirst()) : String.valueOf(missing);
            return "#" + earlier.id() + " held " + elements + "; #" + later.id() + " of the same user, sent after"
                    + " it ended, lacks " + (missing.size() == 1 ? "it" : "them");
        }
    }

    /** {@code write} failed or timed out for its client, and {@code read} shows its element. */
    record IndeterminateWriteApplied(HistoryRequest write, HistoryRequest read) implements Anomaly {
        public AnomalyKind kind() {
            return AnomalyKind.INDETERMINATE_WRITE_APPLIED;
        }

        public List<HistoryRequest> proof() {
            return List.of(write, read);
        }

        public String why() {
            String ended = write.outcome() == Outcome.TIMEOUT ? "timed out" : "failed";
            return "#" + write.id() + " appending " + write.appended().getAsLong() + " " + ended + " for its client; #"
                    + read.id() + " shows it applied (legal; a retry would apply it twice)";
        }
    }

    /** {@code invalidation} ended the session, and {@code answer}, sent after it, was answered by it with old state. */
    record InvalidatedSessionAnswered(HistoryRequest invalidation, HistoryRequest answer) implements Anomaly {
        public AnomalyKind kind() {
            return AnomalyKind.INVALIDATED_SESSION_ANSWERED;
        }

        public List<HistoryRequest> proof() {
            return List.of(invalidation, answer);
        }

        public String why() {
            String ended = invalidation.answer().orElseThrow().sentSessionExpired()
                    ? "was answered that the session had expired" : "logged the session out";
            return "#" + invalidation.id() + " " + ended + "; #" + answer.id() + ", sent after that, was answered"
                    + " by the same session holding writes from before";
        }
    }

    /** {@code read} holds {@code write}'s element more than once, and {@code write}'s client sent it twice. */
    record ResendAppliedTwice(HistoryRequest write, HistoryRequest read) implements Anomaly {
        public AnomalyKind kind() {
            return AnomalyKind.RESEND_APPLIED_TWICE;
        }

        public List<HistoryRequest> proof() {
            return List.of(write, read);
        }

        public String why() {
            return new WriteAppliedTwice(write, read).why() + "; its client sent #" + write.id() + " twice (legal:"
                    + " the client's own resend after a kept-alive connection failed unanswered)";
        }
    }

    /** {@code read} holds {@code write}'s element more than once, and {@code write}'s client sent it once. */
    record WriteAppliedTwice(HistoryRequest write, HistoryRequest read) implements Anomaly {
        public AnomalyKind kind() {
            return AnomalyKind.WRITE_APPLIED_TWICE;
        }

        public List<HistoryRequest> proof() {
            return List.of(write, read);
        }

        public String why() {
            return "#" + read.id() + " holds " + write.appended().getAsLong() + ", which only #" + write.id()
                    + " appended, more than once";
        }
    }
}
