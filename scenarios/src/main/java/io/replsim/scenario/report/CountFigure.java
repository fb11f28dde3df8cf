package io.replsim.scenario.report;

import java.util.function.ToLongFunction;

/**
 * One count of a flat section of summary.json (a session verdict, a response verdict, a kind of request error),
 * declared once: its key in summary.json, its label on the console and in report.html, where it comes from, and
 * whether the console prints it among its section's. Its place among the section's counts is its place in the
 * {@link CountSection}'s list.
 */
public record CountFigure<S>(String key, String label, ToLongFunction<S> source, Printed printed) {

    /**
     * When the console prints the count among its section's: a rare verdict stays off the line until it happens; a
     * count the console says in words of its own elsewhere (the load line's requests and errors) is {@code APART}.
     */
    public enum Printed { ALWAYS, UNLESS_ZERO, APART }

    public long valueOf(S section) {
        return source.applyAsLong(section);
    }

    /** Whether the console prints it among its section's counts. */
    boolean printedAmong(S section) {
        return switch (printed) {
            case ALWAYS -> true;
            case UNLESS_ZERO -> valueOf(section) != 0;
            case APART -> false;
        };
    }

    static <S> CountFigure<S> always(String key, String label, ToLongFunction<S> source) {
        return new CountFigure<>(key, label, source, Printed.ALWAYS);
    }

    static <S> CountFigure<S> apart(String key, String label, ToLongFunction<S> source) {
        return new CountFigure<>(key, label, source, Printed.APART);
    }

    static <S> CountFigure<S> unlessZero(String key, String label, ToLongFunction<S> source) {
        return new CountFigure<>(key, label, source, Printed.UNLESS_ZERO);
    }
}
