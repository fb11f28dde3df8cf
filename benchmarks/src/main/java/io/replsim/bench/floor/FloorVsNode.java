package io.replsim.bench.floor;

import io.replsim.bench.PacedExchangeFloor;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * replsim's replication CPU per update against the bare blocking socket's at a node's rate, part by part, in one
 * run: per round and per size (3.3 KB, 64 KB), the floor probe ({@code PacedExchangeFloor}), the same probe keeping
 * every frame it answers (as a backup keeps what it is sent), and then the real
 * 3-node cluster without replication and with it (the cost scenarios, through the scenario runner), and last the
 * scenario without replication once more, with the pacing and the keeping floor measured beside its load once it is
 * warm ({@link FloorBesideNodes}: replication runs on a machine that busy, the floor alone on an idle one); each
 * size's runs back to back, so the floors and the node they are compared with are minutes apart. Every round
 * also measures the probe's pacing alone (0-byte frames). Prints, per size, each figure as a band over the rounds.
 *
 * <p>Run: {@code benchmarks/floor-vs-node [rounds] [warm-up s] [window s] [both|3k|64k]}.
 */
public final class FloorVsNode {
    /** A cost scenario's node: 240 users at 500 ms think time over 3 nodes serve ~157 requests/s each. */
    private static final int NODE_RATE = 157;
    private static final Duration PROBE_WARM_UP = Duration.ofSeconds(15);
    private static final Duration PROBE_WINDOW = Duration.ofSeconds(30);
    private static final int COPIES = 2;
    /** Beside the baseline's load, two probes back to back: the pacing, then the keeping floor, with a margin. */
    private static final Duration BESIDE_WINDOW = PROBE_WARM_UP.plus(PROBE_WINDOW).multipliedBy(2)
            .plusSeconds(15);

    /** One session size: its frame for the floor and its pair of scenarios. */
    private record Size(String label, int frameBytes, String without, String with) {
    }

    private static final List<Size> SIZES = List.of(
            new Size("3.3 KB", 3300, "none-3k.yaml", "session-3k.yaml"),
            new Size("64 KB", 65536, "none-64k.yaml", "session-64k.yaml"));

    private FloorVsNode() {
    }

    public static void main(String[] args) throws Exception {
        int rounds;
        Duration warmUp;
        Duration window;
        List<Size> sizes;
        try {
            rounds = args.length > 0 ? Integer.parseInt(args[0]) : 2;
            warmUp = Duration.ofSeconds(args.length > 1 ? Long.parseLong(args[1]) : 90);
            window = Duration.ofSeconds(args.length > 2 ? Long.parseLong(args[2]) : 45);
            String which = args.length > 3 ? args[3] : "both";
            sizes = switch (which) {
                case "both" -> SIZES;
                case "3k" -> List.of(SIZES.get(0));
                case "64k" -> List.of(SIZES.get(1));
                default -> throw new IllegalArgumentException("sizes " + which);
            };
            if (rounds < 1 || warmUp.isNegative() || window.toSeconds() < 10) {
                throw new IllegalArgumentException("out of range");
            }
        } catch (IllegalArgumentException e) {
            System.err.println("usage: FloorVsNode [rounds >= 1] [warm-up s >= 0] [window s >= 10] [both|3k|64k]; got "
                    + String.join(" ", args));
            System.exit(2);
            return;
        }
        PrintStream out = System.out;
        Path root = Path.of("").toAbsolutePath();
        Path output = root.resolve("benchmarks/target/floor-vs-node");
        var probe = new FloorProbe(NODE_RATE, PROBE_WARM_UP, PROBE_WINDOW);
        var nodes = new NodeRun(root, output);
        out.printf(Locale.ROOT, "%s: %d round(s), sizes %s; load %.2f; on %s%n", Instant.now(), rounds,
                sizes.stream().map(Size::label).toList(), load(), MachineDescription.ofThisMachine());
        Map<Size, List<SizeRound>> measured = new LinkedHashMap<>();
        for (int round = 1; round <= rounds; round++) {
            out.printf(Locale.ROOT, "round %d of %d: the pacing alone (0-byte frames) at %s; load %.2f%n", round,
                    rounds, Instant.now(), load());
            FloorReading pacing = probe.run(0, PacedExchangeFloor.FrameFate.DISCARDED, out);
            for (Size size : sizes) {
                out.printf(Locale.ROOT, "round %d, %s: floor, keeping floor, then %s and %s, then both floors"
                        + " beside %s at %s; load %.2f%n", round, size.label(), size.without(), size.with(),
                        size.without(), Instant.now(), load());
                FloorReading floor = probe.run(size.frameBytes(), PacedExchangeFloor.FrameFate.DISCARDED, out);
                FloorReading keeping = probe.run(size.frameBytes(), PacedExchangeFloor.FrameFate.KEPT, out);
                NodeOutcome without = nodes.run(CostScenario.of(root.resolve("scenarios/cost").resolve(size.without()),
                        warmUp, window), out);
                NodeOutcome with = nodes.run(CostScenario.of(root.resolve("scenarios/cost").resolve(size.with()),
                        warmUp, window), out);
                var loaded = CostScenario.of(root.resolve("scenarios/cost").resolve(size.without()), warmUp,
                        BESIDE_WINDOW);
                NodeRun.Loaded<Floors> besideLoad = nodes.beside(loaded, loaded.windowStart().minus(PROBE_WARM_UP),
                        () -> new Floors(probe.run(0, PacedExchangeFloor.FrameFate.DISCARDED, out),
                                probe.run(size.frameBytes(), PacedExchangeFloor.FrameFate.KEPT, out)), out);
                var beside = new FloorBesideNodes(besideLoad.measured().pacing(), besideLoad.measured().keeping(),
                        besideLoad.verdict());
                var result = new SizeRound(floor, keeping, pacing, without, with, beside, COPIES);
                measured.computeIfAbsent(size, ignored -> new ArrayList<>()).add(result);
                out.println(FloorVsNodeReport.round(round, size.label(), result));
            }
        }
        out.printf(Locale.ROOT, "%n%s: done; load %.2f%n%n", Instant.now(), load());
        measured.forEach((size, results) -> out.println(FloorVsNodeReport.bands(size.label(), results)));
        if (sizes.size() < 2) {
            return;
        }
        List<SizeRound> small = measured.get(SIZES.get(0));
        List<SizeRound> large = measured.get(SIZES.get(1));
        List<Double> incrementRatios = new ArrayList<>();
        for (int i = 0; i < small.size(); i++) {
            incrementRatios.add(small.get(i).incrementCores() / large.get(i).incrementCores());
        }
        out.printf(Locale.ROOT, "increment above the baseline, 3.3 KB over 64 KB (round by round): %s"
                + " (target at most 0.55)%n", Band.of(incrementRatios).formatWithMedian("%.2f"));
    }

    /** The two floors measured beside the baseline's load, before its verdict is known. */
    private record Floors(FloorReading pacing, FloorReading keeping) {
    }

    static double load() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    static Band band(List<SizeRound> rounds, ToDoubleFunction<SizeRound> figure) {
        return Band.of(rounds.stream().map(figure::applyAsDouble).toList());
    }
}
