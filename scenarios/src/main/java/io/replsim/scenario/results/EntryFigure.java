package io.replsim.scenario.results;

import java.util.List;
import java.util.Map;

/**
 * The figure a catalogue entry reads from its run directories, one kind per shape of question: users sustained by
 * searches of each file ({@link SearchRatios}), a comparison's figures ({@link ComparedFigures}), a comparison's and
 * runs' sessions after a fault ({@link DrillOutcomes}), the survivors' CPU after a kill ({@link SurvivorLoad}), the
 * share of time spent waiting for a worker ({@link WaitingShares}), the throughput of one connection mode against
 * another ({@link ThroughputRatio}).
 */
public sealed interface EntryFigure
        permits SearchRatios, ComparedFigures, DrillOutcomes, SurvivorLoad, WaitingShares, ThroughputRatio {

    /** The directories it reads, in the order the row names them. */
    List<Measurement> measurements();

    /** Its figure from what was found of each measurement. */
    EntryReading read(Map<Measurement, Found> found);

    /** The directory {@code found} holds of {@code measurement}, or null when there is none to read. */
    static Recorded measured(Map<Measurement, Found> found, Measurement measurement) {
        return found.get(measurement) instanceof Found.Measured measured ? measured.recorded() : null;
    }
}
