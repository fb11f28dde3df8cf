package io.replsim.bench.floor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A cost scenario (scenarios/cost/*.yaml) with a shorter warm-up and steady window than its own 150 s and 55 s, so a
 * round fits in minutes: written beside the benchmark's output, everything else as the file has it. The JIT's share
 * of node1 in the window is printed with every run, so a window taken too early shows.
 *
 * @param source the scenario as kept in scenarios/cost
 * @param rampUp its ramp-up, which comes before the warm-up
 * @param warmUp after the ramp-up, before the window
 * @param window the steady window
 */
record CostScenario(Path source, Duration rampUp, Duration warmUp, Duration window) {
    private static final Pattern RAMP_UP = Pattern.compile("(?m)^(\\s+rampUp:\\s*)(\\d+)s");
    private static final Pattern WARM_UP = Pattern.compile("(?m)^(\\s+warmUp:\\s*)\\d+s");
    private static final Pattern DURATION = Pattern.compile("(?m)^(\\s+duration:\\s*)\\d+s");

    static CostScenario of(Path source, Duration warmUp, Duration window) throws IOException {
        Matcher rampUp = RAMP_UP.matcher(Files.readString(source));
        if (!rampUp.find()) {
            throw new IllegalArgumentException(source + " has no rampUp in seconds");
        }
        return new CostScenario(source, Duration.ofSeconds(Long.parseLong(rampUp.group(2))), warmUp, window);
    }

    /** The load's whole length: ramp-up, warm-up and window. */
    Duration duration() {
        return rampUp.plus(warmUp).plus(window);
    }

    /** The window's start, after the load's start. */
    Duration windowStart() {
        return rampUp.plus(warmUp);
    }

    String name() {
        return source.getFileName().toString().replaceFirst("\\.yaml$", "");
    }

    Path writeInto(Path directory) throws IOException {
        String text = Files.readString(source);
        String shortened = replaceOnce(replaceOnce(text, WARM_UP, warmUp), DURATION, duration());
        Files.createDirectories(directory);
        Path written = directory.resolve(source.getFileName());
        Files.writeString(written, shortened);
        return written;
    }

    private String replaceOnce(String text, Pattern setting, Duration value) {
        Matcher matcher = setting.matcher(text);
        if (!matcher.find()) {
            throw new IllegalArgumentException(source + " has no " + setting.pattern());
        }
        return matcher.replaceFirst("$1" + value.toSeconds() + "s");
    }
}
