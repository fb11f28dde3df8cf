package io.replsim.scenario.results;

import java.util.List;

/** docs/results.md's table in Markdown, a row per entry; a cell's {@code |} is escaped so it stays one cell. */
public final class ResultsTable {
    static final String HEADER = "| # | question | the source's figure | replsim's figure | ratio (replsim / source)"
            + " | verdict | command | run directory and provenance |\n|---|---|---|---|---|---|---|---|\n";

    private ResultsTable() {
    }

    /** The table with each row computed, or kept as the page had it. */
    public static String markdown(List<TableRow> rows) {
        StringBuilder table = new StringBuilder(HEADER);
        for (TableRow each : rows) {
            switch (each) {
                case TableRow.Kept kept -> table.append(kept.line()).append('\n');
                case TableRow.Computed computed -> table.append(line(computed.row())).append('\n');
            }
        }
        return table.toString();
    }

    private static String line(ResultsRow row) {
        String verdict = row.judgement().verdict().words() + (row.judgement().why().isEmpty() ? ""
                : " (" + row.judgement().why() + ")");
        return "| " + row.number() + " | " + cell(row.question()) + " | " + cell(row.sourceFigure()) + " | "
                + cell(row.replsimFigure()) + " | " + cell(row.ratio()) + " | " + cell(verdict) + " | "
                + cell(String.join("; ", row.commands().stream().map(c -> "`" + c + "`").toList())) + " | "
                + cell(row.traced().isEmpty() ? "-" : String.join("; ", row.traced())) + " |";
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
