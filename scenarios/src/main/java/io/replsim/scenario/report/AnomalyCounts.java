package io.replsim.scenario.report;

import io.replsim.loadgen.anomaly.AnomalyKind;
import io.replsim.loadgen.anomaly.Consistency;
import io.replsim.loadgen.anomaly.ConsistencyChecker;
import io.replsim.loadgen.history.HistoryFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * What the consistency checker found in a run's history (summary.json's {@code anomalies}; docs/drills.md,
 * "Session consistency"): the requests, the answers judged, those not judged (unjudgeable answers and requests the
 * driver dropped unwritten), and a count per anomaly kind, each under the key {@code replsim check} and
 * {@link AnomalyKind#key()} use. {@code replsim check <run dir>} prints each anomaly's proof.
 */
public record AnomalyCounts(long requests, long judged, long notJudged, long indeterminate, long lostUpdate,
                            long readYourWritesViolated, long nonMonotonicRead, long indeterminateWriteApplied,
                            long invalidatedSessionAnswered, long writeAppliedTwice, long resendAppliedTwice) {

    public static AnomalyCounts of(Consistency consistency) {
        return new AnomalyCounts(consistency.requests(), consistency.judged(), consistency.notJudged(),
                consistency.indeterminate(), count(consistency, AnomalyKind.LOST_UPDATE),
                count(consistency, AnomalyKind.READ_YOUR_WRITES_VIOLATED),
                count(consistency, AnomalyKind.NON_MONOTONIC_READ),
                count(consistency, AnomalyKind.INDETERMINATE_WRITE_APPLIED),
                count(consistency, AnomalyKind.INVALIDATED_SESSION_ANSWERED),
                count(consistency, AnomalyKind.WRITE_APPLIED_TWICE),
                count(consistency, AnomalyKind.RESEND_APPLIED_TWICE));
    }

    /** The checker's counts over {@code runDirectory}'s history. */
    public static AnomalyCounts check(Path runDirectory) throws IOException {
        return of(ConsistencyChecker.check(HistoryFile.readHistory(runDirectory.resolve(HistoryFile.NAME))));
    }

    /** Whether the run directory holds a history to check. */
    static boolean recorded(Path runDirectory) {
        return Files.isRegularFile(runDirectory.resolve(HistoryFile.NAME));
    }

    /** The counts of two histories added up, as a soak sums its drills'. */
    public AnomalyCounts plus(AnomalyCounts other) {
        return new AnomalyCounts(requests + other.requests, judged + other.judged, notJudged + other.notJudged,
                indeterminate + other.indeterminate, lostUpdate + other.lostUpdate,
                readYourWritesViolated + other.readYourWritesViolated, nonMonotonicRead + other.nonMonotonicRead,
                indeterminateWriteApplied + other.indeterminateWriteApplied,
                invalidatedSessionAnswered + other.invalidatedSessionAnswered,
                writeAppliedTwice + other.writeAppliedTwice, resendAppliedTwice + other.resendAppliedTwice);
    }

    /** The anomalies a correct cluster does not show (all but indeterminate writes and resends applied). */
    public long illegal() {
        return Arrays.stream(AnomalyKind.values()).filter(kind -> !kind.legal()).mapToLong(this::of).sum();
    }

    /** The count of one kind. */
    public long of(AnomalyKind kind) {
        return switch (kind) {
            case LOST_UPDATE -> lostUpdate;
            case READ_YOUR_WRITES_VIOLATED -> readYourWritesViolated;
            case NON_MONOTONIC_READ -> nonMonotonicRead;
            case INDETERMINATE_WRITE_APPLIED -> indeterminateWriteApplied;
            case INVALIDATED_SESSION_ANSWERED -> invalidatedSessionAnswered;
            case WRITE_APPLIED_TWICE -> writeAppliedTwice;
            case RESEND_APPLIED_TWICE -> resendAppliedTwice;
        };
    }

    private static long count(Consistency consistency, AnomalyKind kind) {
        return consistency.of(kind).size();
    }
}
