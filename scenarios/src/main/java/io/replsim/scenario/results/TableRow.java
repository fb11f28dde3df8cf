package io.replsim.scenario.results;

/** One row of docs/results.md's table: computed from this machine's run directories, or kept from the page. */
public sealed interface TableRow {

    int number();

    /** The verdict's words as the console lists it. */
    String verdictWords();

    record Computed(ResultsRow row) implements TableRow {
        @Override
        public int number() {
            return row.number();
        }

        @Override
        public String verdictWords() {
            return row.judgement().verdict().words();
        }
    }

    /** {@code line}: the page's row as it was, measured where the page was made. */
    record Kept(int number, String line) implements TableRow {
        @Override
        public String verdictWords() {
            return "kept from the page (no run directory of its files here)";
        }
    }
}
