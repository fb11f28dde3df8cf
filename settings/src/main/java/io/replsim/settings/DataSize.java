package io.replsim.settings;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An amount of memory, as scenario files and the node's command line write it, one grammar for both. Units are
 * binary, as the JVM's {@code -Xmx} reads them: 1KB = 1024 bytes, so a heap written {@code 256m} here is the same
 * heap on the node's command line. {@link #toString} is exact, so the runner's text parses back to the same size.
 */
public record DataSize(long bytes) implements Comparable<DataSize> {

    private static final long KB = 1024;
    private static final long MB = KB * 1024;
    private static final long GB = MB * 1024;
    private static final Pattern FORM = Pattern.compile("(\\d+)\\s*(?:([kmg])(?:i?b)?|b)?", Pattern.CASE_INSENSITIVE);
    public static final String EXAMPLES = "a size such as 512 (bytes), 4KB, 256m or 1g";

    public DataSize {
        if (bytes < 0) {
            throw new IllegalArgumentException("a size is 0 bytes or more, got " + bytes);
        }
    }

    /** Reads {@code "512"}, {@code "4KB"}, {@code "4kb"}, {@code "256m"}, {@code "256MB"}, {@code "1g"}, {@code "1GiB"}. */
    public static DataSize parse(String text) {
        Matcher form = FORM.matcher(text.trim());
        if (!form.matches()) {
            throw new IllegalArgumentException("not a size: \"" + text + "\"; expected " + EXAMPLES);
        }
        String unitLetter = form.group(2) == null ? "" : form.group(2).toLowerCase(Locale.ROOT);
        long unit = switch (unitLetter) {
            case "k" -> KB;
            case "m" -> MB;
            case "g" -> GB;
            default -> 1;
        };
        try {
            return new DataSize(Math.multiplyExact(Long.parseLong(form.group(1)), unit));
        } catch (ArithmeticException | NumberFormatException tooLarge) {
            throw new IllegalArgumentException("size \"" + text + "\" is too large to hold in bytes");
        }
    }

    @Override
    public int compareTo(DataSize other) {
        return Long.compare(bytes, other.bytes);
    }

    /** The largest unit that states the size exactly: {@code 4KB}, {@code 256MB}, {@code 1GB}, {@code 1000B}. */
    @Override
    public String toString() {
        if (bytes != 0 && bytes % GB == 0) {
            return bytes / GB + "GB";
        }
        if (bytes != 0 && bytes % MB == 0) {
            return bytes / MB + "MB";
        }
        if (bytes != 0 && bytes % KB == 0) {
            return bytes / KB + "KB";
        }
        return bytes + "B";
    }
}
