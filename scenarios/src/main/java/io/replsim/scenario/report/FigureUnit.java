package io.replsim.scenario.report;

import java.util.Locale;

/** What a figure's value measures, and how a page writes one: a count with its thousands, bytes in KB or MB. */
public enum FigureUnit {
    /** A name or a label. */
    TEXT(""),
    /** Yes or no. */
    FLAG(""),
    /** Cores used on average. */
    CORES("cores"),
    /** A share, 0 to 1, written as a percentage. */
    SHARE("%"),
    /** Things counted: requests, messages, sessions. */
    COUNT(""),
    /** Bytes, written in KB or MB. */
    BYTES("bytes"),
    /** Microseconds. */
    MICROS("µs");

    private final String symbol;

    FigureUnit(String symbol) {
        this.symbol = symbol;
    }

    /** What a table's unit column says; empty for names, flags and counts. */
    public String symbol() {
        return symbol;
    }

    /** {@code value} written for a reader; never null. */
    public String write(Object value) {
        return switch (this) {
            case TEXT -> String.valueOf(value);
            case FLAG -> (Boolean) value ? "yes" : "no";
            case CORES -> String.format(Locale.ROOT, "%.2f", (Double) value);
            case SHARE -> String.format(Locale.ROOT, "%.0f%%", (Double) value * 100);
            case COUNT -> String.format(Locale.ROOT, "%,d", (Long) value);
            case BYTES -> bytes((Long) value);
            case MICROS -> value instanceof Double micros ? String.format(Locale.ROOT, "%.0f", micros)
                    : String.format(Locale.ROOT, "%,d", (Long) value);
        };
    }

    /** KB below a MB, MB from there, one decimal. */
    static String bytes(long bytes) {
        if (bytes >= 1 << 20) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / (double) (1 << 20));
        }
        return String.format(Locale.ROOT, "%.1f KB", bytes / 1024.0);
    }
}
