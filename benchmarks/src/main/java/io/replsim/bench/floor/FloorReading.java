package io.replsim.bench.floor;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One {@code PacedExchangeFloor} peer's figures per round (two frames out, two in), in µs of CPU: the whole process,
 * its sending thread, its answering threads (two frames answered) and the JVM's own threads.
 */
record FloorReading(double roundMicros, double sendingMicros, double answeringMicros, double jvmMicros) {
    private static final String NUMBER = "([0-9]+(?:[.,][0-9]+)?)";
    private static final Pattern ROUND = Pattern.compile("^peer \\d+: \\d+ rounds, " + NUMBER + " µs of CPU per round");

    /** The peer's report line: {@code peer 0: 6280 rounds, 301.2 µs of CPU per round (...); answering threads ...}. */
    static FloorReading parse(String line) {
        Matcher round = ROUND.matcher(line);
        if (!round.find()) {
            throw new IllegalArgumentException("not a peer's report: " + line);
        }
        return new FloorReading(number(round.group(1)), group(line, "sending thread"), group(line, "answering threads"),
                group(line, "the JVM's own (GC, JIT, ...)"));
    }

    /** The peers' mean: they are alike, each sending and answering as much as the others. */
    static FloorReading mean(List<FloorReading> peers) {
        return new FloorReading(peers.stream().mapToDouble(FloorReading::roundMicros).average().orElseThrow(),
                peers.stream().mapToDouble(FloorReading::sendingMicros).average().orElseThrow(),
                peers.stream().mapToDouble(FloorReading::answeringMicros).average().orElseThrow(),
                peers.stream().mapToDouble(FloorReading::jvmMicros).average().orElseThrow());
    }

    private static double group(String line, String name) {
        Matcher matcher = Pattern.compile("; " + Pattern.quote(name) + " " + NUMBER + " µs").matcher(line);
        // a group with no thread in it (no answering threads when nothing is sent) took nothing
        return matcher.find() ? number(matcher.group(1)) : 0;
    }

    private static double number(String text) {
        return Double.parseDouble(text.replace(',', '.'));
    }
}
