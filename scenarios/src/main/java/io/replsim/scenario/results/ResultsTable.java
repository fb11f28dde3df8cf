package io.replsim.scenario.results;

import java.util.List;

/** docs/results.md's table in Markdown, a row per entry; a cell's {@code |} is escaped so it stays one cell. */
public final class ResultsTable {
    static final String HEADER = "| # | question | the source's figure | replsim's figure | ratio (replsim / source)"
            + " | verdict | command | run directory and provenance |\n|---|---|---|---|---|---|---|---|\n";

    private ResultsTable() {
    }

    public static String markdown(List<ResultsRow> rows) {
        StringBuilder table = new StringBuilder(HEADER);
        for (ResultsRow row : rows) {
            String verdict = row.judgement().verdict().words() + (row.judgement().why().isEmpty() ? ""
                    : " (" + row.judgement().why() + ")");
            table.append("| ").append(row.number()).append(" | ").append(cell(row.question())).append(" | ")
                    .append(cell(row.sourceFigure())).append(" | ").append(cell(row.replsimFigure())).append(" | ")
                    .append(cell(row.ratio())).append(" | ").append(cell(verdict)).append(" | ")
                    .append(cell(String.join("; ", row.commands().stream().map(c -> "`" + c + "`").toList())))
                    .append(" | ").append(cell(row.traced().isEmpty() ? "-" : String.join("; ", row.traced())))
                    .append(" |\n");
        }
        return table.toString();
    }

    private static String cell(String text) {
        return text.replace("|", "\\|").replace("\n", " ");
    }
}
