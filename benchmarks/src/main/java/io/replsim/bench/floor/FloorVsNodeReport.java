package io.replsim.bench.floor;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/** The command's lines: one per size and round as it goes, then each figure as a band over the rounds. */
final class FloorVsNodeReport {
    private static final double TARGET = 1.25;

    private FloorVsNodeReport() {
    }

    static String round(int round, String size, SizeRound r) {
        return String.format(Locale.ROOT, "  round %d, %s: floor %.0f µs an update (sending %.0f above its pacing"
                        + " %.0f, %.0f per frame answered), keeping its frames %.0f (%.0f per frame); node1 +%.0f µs"
                        + " a request on the sender (request threads %.0f -> %.0f), %.0f per update applied;"
                        + " replication %.0f µs = %.2f× the floor, %.2f× the keeping floor; keeping floor beside"
                        + " the nodes %.0f µs an update (%.0f per frame, pacing %.0f) = %.2f×; JIT %.0f%%"
                        + " / %.0f%% of node1; nodes +%.3f cores above the baseline (%s, %s; the load beside the"
                        + " floors %s)",
                round, size, r.floorRoundMicros(), r.floorSendingMicros(), r.pacing().sendingMicros(),
                r.floorPerFrameMicros(), r.keepingRoundMicros(), r.keepingPerFrameMicros(), r.senderAddedMicros(),
                r.without().window().microsPerRequest(ThreadRole.REQUEST),
                r.with().window().microsPerRequest(ThreadRole.REQUEST), r.backupPerUpdateMicros(),
                r.replicationMicros(), r.ratio(), r.keepingRatio(), r.besideRoundMicros(), r.besidePerFrameMicros(),
                r.beside().pacing().sendingMicros(), r.besideRatio(), r.without().window().compilerShare() * 100,
                r.with().window().compilerShare() * 100, r.incrementCores(), r.without().verdict(),
                r.with().verdict(), r.beside().loadVerdict());
    }

    static String bands(String size, List<SizeRound> rounds) {
        return String.format(Locale.ROOT, """
                %s, %d round(s):
                  floor (PacedExchangeFloor, %s):        %s µs an update: sending %s above the pacing (%s),\
                 %s per frame answered
                  keeping floor (each frame kept):      %s µs an update, %s per frame answered and kept
                  replsim node1 (request threads):      %s µs a request without replication, %s with: +%s on the sender
                  replsim node1 (stream threads):       %s µs per update applied
                  replsim per update (sender + %d × backup): %s µs
                  against the floor:                    %s× (target %.2f×); sender %s×, backup %s×
                  against the keeping floor:            %s×; backup %s×
                  keeping floor beside the nodes' load: %s µs an update: sending %s above the pacing there (%s),\
                 %s per frame answered and kept
                  against it:                           %s×; sender %s×, backup %s×
                  JIT, GC and the rest above baseline:  %s µs a request (not in the ratio)
                  nodes' CPU above the baseline:        %s cores""",
                size, rounds.size(), "per round", band(rounds, SizeRound::floorRoundMicros).format("%.0f"),
                band(rounds, SizeRound::floorSendingMicros).format("%.0f"),
                band(rounds, r -> r.pacing().sendingMicros()).format("%.0f"),
                band(rounds, SizeRound::floorPerFrameMicros).format("%.0f"),
                band(rounds, SizeRound::keepingRoundMicros).format("%.0f"),
                band(rounds, SizeRound::keepingPerFrameMicros).format("%.0f"),
                band(rounds, r -> r.without().window().microsPerRequest(ThreadRole.REQUEST)).format("%.0f"),
                band(rounds, r -> r.with().window().microsPerRequest(ThreadRole.REQUEST)).format("%.0f"),
                band(rounds, SizeRound::senderAddedMicros).format("%.0f"),
                band(rounds, SizeRound::backupPerUpdateMicros).format("%.0f"),
                rounds.getFirst().copies(), band(rounds, SizeRound::replicationMicros).format("%.0f"),
                band(rounds, SizeRound::ratio).formatWithMedian("%.2f"), TARGET,
                band(rounds, SizeRound::senderRatio).format("%.2f"),
                band(rounds, SizeRound::backupRatio).format("%.2f"),
                band(rounds, SizeRound::keepingRatio).formatWithMedian("%.2f"),
                band(rounds, SizeRound::keepingBackupRatio).format("%.2f"),
                band(rounds, SizeRound::besideRoundMicros).format("%.0f"),
                band(rounds, SizeRound::besideSendingMicros).format("%.0f"),
                band(rounds, r -> r.beside().pacing().sendingMicros()).format("%.0f"),
                band(rounds, SizeRound::besidePerFrameMicros).format("%.0f"),
                band(rounds, SizeRound::besideRatio).formatWithMedian("%.2f"),
                band(rounds, SizeRound::besideSenderRatio).format("%.2f"),
                band(rounds, SizeRound::besideBackupRatio).format("%.2f"),
                band(rounds, SizeRound::elsewhereAddedMicros).format("%.0f"),
                band(rounds, SizeRound::incrementCores).format("%.3f"));
    }

    private static Band band(List<SizeRound> rounds, ToDoubleFunction<SizeRound> figure) {
        return FloorVsNode.band(rounds, figure);
    }
}
