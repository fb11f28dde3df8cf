package io.replsim.scenario.results;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * The rows the page's table holds before it is rewritten, by entry number. A row measured elsewhere (the machine
 * whose run directories made the page, which a fresh clone does not have) is kept as it is where this machine has no
 * run directory of the entry's files at all, and only while every file the row names still has the hash it names:
 * rewriting the page on another machine loses no figure, and keeps none of a file that has changed since.
 */
public record PageRows(Map<Integer, String> lines) {
    static final int HASH_DIGITS = 12;
    private static final Pattern ROW = Pattern.compile("\\| (\\d+) \\|.*");
    private static final Pattern NAMED = Pattern.compile("([\\w.-]+\\.yaml) \\(sha256:([0-9a-f]{" + HASH_DIGITS
            + "})\\)");

    public PageRows {
        lines = Map.copyOf(lines);
    }

    /** The rows between the page's markers; none when it has no table yet. */
    public static PageRows of(String page) {
        int start = page.indexOf(ResultsPage.START);
        int end = page.indexOf(ResultsPage.END);
        Map<Integer, String> rows = new HashMap<>();
        if (start >= 0 && end > start) {
            page.substring(start, end).lines().forEach(line -> {
                Matcher row = ROW.matcher(line);
                if (row.matches()) {
                    rows.put(Integer.parseInt(row.group(1)), line);
                }
            });
        }
        return new PageRows(rows);
    }

    /**
     * The page's row for {@code entry} when it may stand for this machine's: it names at least one of the entry's
     * files with its hash, and every file it names is one of the entry's with the hash it has now.
     */
    public Optional<String> keptFor(CatalogueEntry entry) {
        String line = lines.get(entry.number());
        if (line == null) {
            return Optional.empty();
        }
        Map<String, String> now = new HashMap<>();
        entry.files().forEach(file -> now.put(file.name(), file.sha256().substring(0, HASH_DIGITS)));
        Matcher named = NAMED.matcher(line);
        boolean any = false;
        while (named.find()) {
            if (!named.group(2).equals(now.get(named.group(1)))) {
                return Optional.empty();
            }
            any = true;
        }
        return any ? Optional.of(line) : Optional.empty();
    }

    /** Each row of {@code rows} as computed, or the page's where this machine has no run directory of its files. */
    public List<TableRow> merged(List<CatalogueEntry> entries, List<ResultsRow> rows) {
        return IntStream.range(0, rows.size()).mapToObj(i -> {
            ResultsRow row = rows.get(i);
            Optional<String> kept = row.traced().isEmpty() ? keptFor(entries.get(i)) : Optional.empty();
            return kept.<TableRow>map(line -> new TableRow.Kept(row.number(), line))
                    .orElseGet(() -> new TableRow.Computed(row));
        }).toList();
    }
}
