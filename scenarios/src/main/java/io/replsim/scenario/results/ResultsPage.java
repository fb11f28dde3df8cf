package io.replsim.scenario.results;

/**
 * docs/results.md with its table replaced: everything between the two markers, and nothing else, is the table, so
 * the page's prose is kept as written.
 */
public final class ResultsPage {
    public static final String START = "<!-- results table: ./replsim results -->";
    public static final String END = "<!-- end of results table -->";

    private ResultsPage() {
    }

    /** {@code page} with {@code table} between its markers; refused, saying what to add, without both in order. */
    public static String rewrite(String page, String table, String pageName) {
        int start = page.indexOf(START);
        int end = page.indexOf(END);
        if (start < 0 || end < 0 || end < start) {
            throw new IllegalArgumentException(pageName + " has no place for the table: put a line '" + START
                    + "' where it starts and a line '" + END + "' after it (the lines between are replaced)");
        }
        return page.substring(0, start + START.length()) + "\n" + table + page.substring(end);
    }
}
