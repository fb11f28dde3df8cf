package io.replsim.bench.floor;

import java.nio.file.Path;
import java.util.Map;

/** One round with round figures, for the tests of what is computed and printed from it. */
final class SizeRoundExample {
    private SizeRoundExample() {
    }

    /**
     * The floor: sending 160 µs a round with 60 of pacing, answering 100 µs for two frames; keeping each frame:
     * sending 170, answering 160; beside the baseline's load: its pacing 80, the keeping floor sending 200 and
     * answering 190. Node1: request threads 180 -> 380 µs a request; stream threads 180 ms over 2,000 updates applied.
     */
    static SizeRound round() {
        return round("PASS");
    }

    /** The same round, the baseline's load beside the floors ending with {@code besideLoadVerdict}. */
    static SizeRound round(String besideLoadVerdict) {
        var floor = new FloorReading(300, 160, 100, 40);
        var pacing = new FloorReading(70, 60, 0, 10);
        var keeping = new FloorReading(400, 170, 160, 40);
        var beside = new FloorBesideNodes(new FloorReading(90, 80, 0, 10), new FloorReading(450, 200, 190, 60),
                besideLoadVerdict);
        return new SizeRound(floor, keeping, pacing, node(180_000_000L, 0, 0, 0.05),
                node(380_000_000L, 180_000_000L, 2_000, 0.09), beside, 2);
    }

    private static NodeOutcome node(long requestNanos, long streamNanos, double applied, double cores) {
        return new NodeOutcome(new NodeWindow(40_000, 1_000, applied, Map.of(ThreadRole.REQUEST, requestNanos,
                ThreadRole.STREAM, streamNanos, ThreadRole.GC, 10_000_000L)), cores, "PASS", Path.of("runs/x"));
    }
}
