package io.replsim.scenario.spec;

import io.replsim.settings.DurationText;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads when a fault fires: {@code at: 20s} once; {@code every: 10s} or {@code random: 3} (seeded times) over a
 * stretch from {@code from} (0s) to {@code until} (the load's end). Every time must fall within the load.
 */
final class ScheduleReader {

    static final List<String> FIELDS = List.of("at", "every", "random", "from", "until");

    private static final int MAX_RANDOM_FIRINGS = 1000;

    private final Optional<Duration> loadDuration;

    ScheduleReader(Optional<Duration> loadDuration) {
        this.loadDuration = loadDuration;
    }

    /** The schedule, or empty when a problem was reported; {@code seed} draws random times. */
    Optional<Schedule> read(MapReader fault, long seed) {
        List<String> present = fault.presentFields();
        if (Stream.of("at", "every", "random").filter(present::contains).count() > 1) {
            refuse(fault, present.contains("random") ? "random" : "at",
                    "one of at (once), every (repeatedly) or random (at seeded random times), not several");
            return Optional.empty();
        }
        if (present.contains("every")) {
            Optional<Duration> period = fault.duration("every").must(every -> every.isPositive()
                    && every.compareTo(LoadSettings.LONGEST_SPAN) <= 0, FaultReader.POSITIVE_AT_MOST_A_DAY).required();
            return period.flatMap(every -> stretch(fault).map(times -> new Schedule.Every(every, times.from(),
                    times.until())));
        }
        if (present.contains("random")) {
            Optional<Long> count = fault.wholeNumber("random", 1, MAX_RANDOM_FIRINGS).required();
            return count.flatMap(times -> stretch(fault).map(stretch -> new Schedule.Random(times.intValue(),
                    stretch.from(), stretch.until(), seed)));
        }
        for (String stretchOnly : List.of("from", "until")) {
            if (present.contains(stretchOnly)) {
                refuse(fault, stretchOnly, "no " + stretchOnly + " without every or random (at: fires once; every:"
                        + " 10s, from: 5s, until: 40s fires repeatedly)");
            }
        }
        return fault.duration("at").must(this::beforeTheEnd, "a time before the end of the load"
                        + loadDuration.map(length -> ", load.duration" + LoadSettings.inBrackets(length)).orElse("")
                        + ", counted from the start of the load")
                .required().map(Schedule.At::new);
    }

    private record Stretch(Duration from, Duration until) {
    }

    /** {@code from} and {@code until} of a repeated schedule; empty when either is wrong (and reported). */
    private Optional<Stretch> stretch(MapReader fault) {
        Duration from = fault.duration("from").must(this::beforeTheEnd, "a time before the end of the load"
                + loadDuration.map(LoadSettings::inBrackets).orElse("")).orElse(Duration.ZERO);
        Optional<Duration> until = fault.duration("until")
                .must(time -> time.compareTo(from) > 0 && loadDuration.map(end -> time.compareTo(end) <= 0).orElse(true),
                        "a time after from (" + DurationText.format(from) + ") and at most the load's end"
                                + loadDuration.map(LoadSettings::inBrackets).orElse(""))
                .optional().or(() -> loadDuration);
        if (!beforeTheEnd(from)) {
            return Optional.empty();
        }
        return until.filter(end -> end.compareTo(from) > 0).map(end -> new Stretch(from, end));
    }

    /** Reported through the field, like any other bad value, so the problem carries its path. */
    private static void refuse(MapReader fault, String field, String expected) {
        fault.text(field, expected).must(text -> false, expected);
    }

    private boolean beforeTheEnd(Duration time) {
        return loadDuration.map(length -> time.compareTo(length) < 0).orElse(true);
    }
}
