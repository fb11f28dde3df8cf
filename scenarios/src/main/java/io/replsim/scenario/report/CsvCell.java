package io.replsim.scenario.report;

/** A text as one CSV cell (RFC 4180): quoted, its quotes doubled, when it holds a comma, a quote or a line break. */
public record CsvCell(String text) {

    public String written() {
        return text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")
                ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
    }
}
