package io.replsim.loadgen.open;

import java.nio.file.Path;
import java.util.Objects;

/**
 * Where an open-model run writes its HdrHistogram interval logs, one interval a second from the first arrival,
 * warm-up included: response times from each arrival's intended start, and from the send beside them.
 */
public record OpenIntervalLogs(Path corrected, Path uncorrected) {
    public OpenIntervalLogs {
        Objects.requireNonNull(corrected, "corrected");
        Objects.requireNonNull(uncorrected, "uncorrected");
        if (corrected.equals(uncorrected)) {
            throw new IllegalArgumentException("the corrected and uncorrected interval logs need two files, not "
                    + corrected);
        }
    }
}
