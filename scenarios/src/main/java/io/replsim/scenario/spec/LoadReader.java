package io.replsim.scenario.spec;

import io.replsim.loadgen.think.ThinkMode;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Reads the {@code load} section. Keeps the load's duration on its own as well: faults are checked against it
 * even when another load field is wrong, so one pass still finds a fault scheduled after the end.
 */
final class LoadReader {

    static final List<String> FIELDS = List.of("users", "thinkTime", "rampUp", "duration", "requestTimeout",
            "thinkDistribution", "thinkMode", "warmUp");

    private static final int MAX_USERS = 100_000;
    private static final Duration LONGEST_RUN = Duration.ofHours(24);

    private final Optional<Duration> duration;
    private final Optional<LoadSpec> spec;

    LoadReader(MapReader load) {
        Optional<Long> users = load.wholeNumber("users", 1, MAX_USERS).required();
        Optional<Duration> thinkTime = load.duration("thinkTime").required();
        duration = load.duration("duration")
                .must(length -> length.isPositive() && length.compareTo(LONGEST_RUN) <= 0,
                        "a duration above 0s and at most 24h, such as 45s")
                .required();
        Duration rampUp = load.duration("rampUp")
                .must(ramp -> duration.map(length -> ramp.compareTo(length) < 0).orElse(true),
                        "a duration shorter than load.duration" + duration.map(LoadReader::inBrackets).orElse(""))
                .orElse(LoadSpec.DEFAULT_RAMP_UP);
        Duration requestTimeout = load.duration("requestTimeout")
                .must(Duration::isPositive, "a duration above 0s, such as 5s")
                .orElse(LoadSpec.DEFAULT_REQUEST_TIMEOUT);
        ThinkDistribution distribution = load.choice("thinkDistribution", ThinkDistribution::parse,
                "a think-time distribution").orElse(LoadSpec.DEFAULT_THINK_DISTRIBUTION);
        ThinkMode mode = load.choice("thinkMode", ThinkMode::parse, "a think mode").orElse(LoadSpec.DEFAULT_THINK_MODE);
        // The steady window is what is left after ramp-up and warm-up; it must not be empty.
        Duration warmUp = load.duration("warmUp")
                .must(warm -> duration.map(length -> rampUp.plus(warm).compareTo(length) < 0).orElse(true),
                        "a duration that leaves a steady window: load.rampUp + load.warmUp shorter than load.duration"
                                + duration.map(LoadReader::inBrackets).orElse(""))
                .orElse(LoadSpec.DEFAULT_WARM_UP);
        spec = users.flatMap(count -> thinkTime.flatMap(think -> duration.map(length ->
                new LoadSpec(count.intValue(), think, rampUp, length, requestTimeout, distribution, mode, warmUp))));
    }

    /** The load's duration, when the file states a valid one. */
    Optional<Duration> duration() {
        return duration;
    }

    /** The whole load, when every field of it is valid. */
    Optional<LoadSpec> spec() {
        return spec;
    }

    static String inBrackets(Duration duration) {
        return " (" + DurationText.format(duration) + ")";
    }
}
