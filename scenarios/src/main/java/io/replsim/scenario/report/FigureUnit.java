package io.replsim.scenario.report;

import java.util.Locale;

/**
 * What a figure's value measures, and how a page writes one with its unit: a count with its thousands, bytes in KB
 * or MB, a share as a percentage.
 */
public enum FigureUnit {
    /** A name or a label. */
    TEXT,
    /** Yes or no. */
    FLAG,
    /** Cores used on average. */
    CORES,
    /** A share, 0 to 1. */
    SHARE,
    /** Things counted: requests, messages, sessions. */
    COUNT,
    /** Bytes. */
    BYTES,
    /** Microseconds. */
    MICROS;

    /** {@code value} written for a reader, with its unit; never null. */
    public String write(Object value) {
        return switch (this) {
            case TEXT -> String.valueOf(value);
            case FLAG -> (Boolean) value ? "yes" : "no";
            case CORES -> String.format(Locale.ROOT, "%.2f cores", (Double) value);
            case SHARE -> String.format(Locale.ROOT, "%.0f%%", (Double) value * 100);
            case COUNT -> String.format(Locale.ROOT, "%,d", (Long) value);
            case BYTES -> bytes((Long) value);
            case MICROS -> value instanceof Double micros ? String.format(Locale.ROOT, "%,.0f µs", micros)
                    : String.format(Locale.ROOT, "%,d µs", (Long) value);
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
