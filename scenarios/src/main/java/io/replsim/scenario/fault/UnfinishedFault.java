package io.replsim.scenario.fault;

import io.replsim.scenario.spec.DelaySpec;
import io.replsim.scenario.spec.DiscardSpec;
import io.replsim.scenario.spec.DoubleKillSpec;
import io.replsim.scenario.spec.FaultSpec;
import io.replsim.scenario.spec.KillSpec;
import io.replsim.scenario.spec.NodeSelector;
import io.replsim.scenario.spec.PartitionSpec;
import io.replsim.scenario.spec.PauseSpec;
import io.replsim.scenario.spec.ResetSpec;
import io.replsim.scenario.spec.RestartSpec;
import io.replsim.scenario.spec.ResumeSpec;
import io.replsim.scenario.spec.StopSpec;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A fault struck at {@code atMs} that the run's end caught before it was done: its act still under way
 * ({@link Stage#STRIKING}: a restart command still running, a node still starting, the second kill of a pair still
 * to come) or the reading back that shows it ({@link Stage#READING_BACK}: a restarted node not yet answering). Such a
 * fault measured nothing, and a run that did not play its scenario must say so rather than leave the fault out: its
 * start is recorded with what was read of it so far, and its end says what it was waiting for, and for how long.
 *
 * @param aimed the fault with its target resolved, as it was struck
 * @param target the target as the scenario wrote it
 */
record UnfinishedFault(int index, FaultSpec aimed, String target, long atMs, long epochMs, Stage stage) {

    /** Where the run's end caught the fault. */
    enum Stage { STRIKING, READING_BACK }

    /** Its start, for a fault whose act never returned: what was read of it so far, never confirmed as done. */
    FaultEvent start(Optional<FaultEvidence> soFar) {
        String notDone = "not done: the load ended before its " + aimed.type() + " was";
        FaultEvidence evidence = FaultEvidence.unconfirmed(soFar
                .map(read -> (read.confirmed() ? "confirmed so far: " : "") + read.seen() + "; " + notDone)
                .orElse(notDone));
        List<String> nodes = nodes();
        return new FaultEvent(FaultEvent.Phase.START, aimed.type(), String.join("+", nodes), nodes, target, "", atMs,
                epochMs, index, epochMs, evidence);
    }

    /** Its end, when the load ended: what it was waiting for since it struck. */
    FaultEvent end(FaultEvent start, long endedAtMs, long endedEpochMs) {
        String why = String.format(Locale.ROOT, "the load ended %.2f s after it struck, while %s",
                (endedAtMs - atMs) / 1000.0, waitingFor(start.node().isEmpty() ? target : start.node()));
        return FaultEvent.unfinished(start, why, endedAtMs, endedEpochMs);
    }

    private String waitingFor(String who) {
        return switch (stage) {
            case STRIKING -> switch (aimed) {
                case RestartSpec ignored -> "its restart of " + who + " was still under way (" + who + " not yet back)";
                case DoubleKillSpec pair -> "its kills of " + who + " and its buddy, " + pair.gap().toMillis()
                        + " ms apart, were still under way";
                default -> "its " + aimed.type() + " of " + who + " was still under way";
            };
            case READING_BACK -> aimed instanceof RestartSpec
                    ? who + " was not yet back (not yet read back as a new instance)"
                    : who + " was not yet seen gone";
        };
    }

    /** The nodes it was aimed at, as far as they are known before it was done; a double kill's buddy is not. */
    private List<String> nodes() {
        return switch (aimed) {
            case KillSpec kill -> named(kill.target());
            case DoubleKillSpec pair -> named(pair.target());
            case StopSpec stop -> named(stop.target());
            case RestartSpec restart -> named(restart.target());
            case PauseSpec pause -> named(pause.target());
            case DelaySpec delay -> named(delay.target());
            case DiscardSpec discard -> named(discard.target());
            case ResetSpec reset -> named(reset.target());
            case PartitionSpec partition -> switch (partition.sides()) {
                case PartitionSpec.Isolate isolate -> named(isolate.target());
                // the cut-off side, as the nemesis takes it: every side but the first largest
                case PartitionSpec.Named named -> {
                    List<String> largest = named.sides().stream().max(Comparator.comparingInt(List::size))
                            .orElseThrow();
                    yield named.sides().stream().filter(side -> side != largest).flatMap(List::stream).toList();
                }
            };
            case ResumeSpec ignored -> List.of();
        };
    }

    private static List<String> named(NodeSelector target) {
        return target instanceof NodeSelector.Named named ? List.of(named.node()) : List.of();
    }
}
