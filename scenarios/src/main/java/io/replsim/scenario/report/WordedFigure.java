package io.replsim.scenario.report;

import java.util.Locale;
import java.util.function.Function;

/**
 * One figure of a section the console says in a sentence rather than as counts (the driver's connections), declared
 * once: its key in summary.json, where it comes from, and its words on the console ({@code words}, a format of one
 * value, e.g. {@code " at most %,d open at once"}). Its place in the sentence is its place in the
 * {@link WordedSection}'s list, which is summary.json's order.
 */
public record WordedFigure<S>(String key, String words, Function<S, Object> source) {

    public Object valueOf(S section) {
        return source.apply(section);
    }

    /** Its words on the console with its value. */
    String console(S section) {
        return String.format(Locale.ROOT, words, valueOf(section));
    }
}
