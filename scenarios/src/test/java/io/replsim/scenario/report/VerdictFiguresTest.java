package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The session and response verdicts are declared once ({@link RunSummary.Verdicts#FIGURES},
 * {@link RunSummary.ResponseVerdicts#FIGURES}) and every writer follows the declarations: summary.json holds each
 * declared verdict under its key in the declared order and reads it back into the record, the console's sessions and
 * request lines print each with its label in that order, and report.html's sessions table has a column per
 * declared verdict. Each verdict has a value of its own here, so a verdict left out, moved or read from another's
 * component shows.
 */
class VerdictFiguresTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final RunSummary.Verdicts SESSIONS = new RunSummary.Verdicts(101, 102, 103, 104, 105, 106, 107);
    private static final RunSummary.ResponseVerdicts RESPONSES =
            new RunSummary.ResponseVerdicts(1_001, 1_002, 1_003, 1_004, 1_005);

    @TempDir
    Path root;

    @Test
    void eachDeclaredSessionVerdictIsTheRecordsComponentOfItsKeyInItsPlace() {
        assertThat(keys(RunSummary.Verdicts.FIGURES)).isEqualTo(components(RunSummary.Verdicts.class));
        assertThat(keys(RunSummary.ResponseVerdicts.FIGURES)).isEqualTo(components(RunSummary.ResponseVerdicts.class));
        assertThat(labels(RunSummary.Verdicts.FIGURES)).doesNotHaveDuplicates();
        assertThat(labels(RunSummary.ResponseVerdicts.FIGURES)).doesNotHaveDuplicates();
    }

    @Test
    void summaryJsonHoldsEachDeclaredVerdictUnderItsKeyInOrderAndReadsItBack() throws IOException {
        writtenAndReadBack(RunSummary.Verdicts.FIGURES, SESSIONS, RunSummary.Verdicts.class);
        writtenAndReadBack(RunSummary.ResponseVerdicts.FIGURES, RESPONSES, RunSummary.ResponseVerdicts.class);
    }

    @Test
    void theConsolesSessionsLinePrintsEachDeclaredVerdictWithItsLabelInOrder() throws IOException {
        String printed = console(GoldenRuns.drill(root), SESSIONS, RESPONSES);

        String sessions = line(printed, "sessions  ");
        assertThat(sessions).isEqualTo("sessions  101 OK   102 STALE   103 LOST   104 CORRUPT   105 FAILED"
                + "   106 EXPIRED   107 NEVER SERVED   (responses: 1,001 OK, 1,002 STALE, 1,003 LOST, 1,004 CORRUPT,"
                + " 1,005 EXPIRED)");
        assertThat(sessions).isEqualTo("sessions  " + printedAsDeclared(RunSummary.Verdicts.FIGURES, SESSIONS, "   ")
                + "   (responses: " + printedAsDeclared(RunSummary.ResponseVerdicts.FIGURES, RESPONSES, ", ") + ")");
    }

    @Test
    void rareResponseVerdictsStayOffTheConsoleUntilTheyHappenOnEveryLineThatPrintsResponses() throws IOException {
        RunSummary.ResponseVerdicts noneRare = new RunSummary.ResponseVerdicts(1_001, 1_002, 1_003, 0, 0);
        String printed = console(GoldenRuns.drill(root), SESSIONS, noneRare);

        assertThat(line(printed, "sessions  ")).endsWith("(responses: 1,001 OK, 1,002 STALE, 1,003 LOST)");
        List<String> requestLines = printed.lines().filter(text -> text.startsWith("request   ")).toList();
        assertThat(requestLines).hasSize(2).allSatisfy(text -> assertThat(text).matches(
                ".*\\(\\d[\\d,]* OK, \\d[\\d,]* STALE, \\d[\\d,]* LOST\\)"));
    }

    @Test
    void aRequestTypesLinePrintsItsResponsesAsDeclaredExpiredIncluded() throws IOException {
        RunSummary summary = summary(GoldenRuns.drill(root), SESSIONS, RESPONSES);
        RunSummary.RequestTypeRow counter = summary.requestTypes().getFirst();
        RunSummary.RequestTypeRow withRare = new RunSummary.RequestTypeRow(counter.request(), counter.weight(),
                counter.requests(), counter.errors(), RESPONSES, counter.latencyMs());
        String printed = print(copy(summary, SESSIONS, RESPONSES, List.of(withRare)));

        assertThat(line(printed, "request   counter")).endsWith("(1,001 OK, 1,002 STALE, 1,003 LOST, 1,004 CORRUPT,"
                + " 1,005 EXPIRED)");
    }

    @Test
    void reportHtmlsSessionsTableHasAColumnPerDeclaredVerdictInOrder() {
        String table = SessionTable.html(SESSIONS);

        assertThat(table).contains("<tr><th>OK</th><th>STALE</th><th>LOST</th><th>CORRUPT</th><th>FAILED</th>"
                + "<th>EXPIRED</th><th>NEVER SERVED</th></tr>\n<tr><td>101</td><td>102</td><td>103</td><td>104</td>"
                + "<td>105</td><td>106</td><td>107</td></tr>");
        assertThat(table).contains(RunSummary.Verdicts.FIGURES.figures().stream()
                .map(figure -> "<th>" + figure.label() + "</th>").collect(Collectors.joining()));
    }

    private static <S extends Record> void writtenAndReadBack(CountSection<S> section, S verdicts, Class<S> type)
            throws IOException {
        JsonNode written = JSON.readTree(JSON.writeValueAsString(verdicts));
        List<String> fields = new ArrayList<>();
        written.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).as("summary.json's keys of " + type.getSimpleName()).isEqualTo(keys(section));
        for (CountFigure<S> figure : section.figures()) {
            assertThat(written.get(figure.key()).asLong()).as(figure.key()).isEqualTo(figure.valueOf(verdicts));
        }
        assertThat(JSON.readValue(JSON.writeValueAsString(verdicts), type)).isEqualTo(verdicts);
    }

    private static <S> List<String> keys(CountSection<S> section) {
        return section.figures().stream().map(CountFigure::key).toList();
    }

    private static <S> List<String> labels(CountSection<S> section) {
        return section.figures().stream().map(CountFigure::label).toList();
    }

    private static List<String> components(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
    }

    private static <S> String printedAsDeclared(CountSection<S> section, S verdicts, String separator) {
        return section.figures().stream().map(figure -> String.format(Locale.ROOT, "%,d %s",
                figure.valueOf(verdicts), figure.label())).collect(Collectors.joining(separator));
    }

    private static String line(String printed, String start) {
        List<String> lines = printed.lines().filter(text -> text.startsWith(start)).toList();
        assertThat(lines).as(printed).hasSize(1);
        return lines.getFirst();
    }

    private static String console(RunRecord run, RunSummary.Verdicts sessions, RunSummary.ResponseVerdicts responses)
            throws IOException {
        return print(summary(run, sessions, responses));
    }

    private static RunSummary summary(RunRecord run, RunSummary.Verdicts sessions,
                                      RunSummary.ResponseVerdicts responses) throws IOException {
        RunSummary written = RunReport.write(run, null, InvalidRuns.REFUSED,
                GoldenRuns.provenance(GoldenRuns.DRILL));
        return copy(written, sessions, responses, written.requestTypes());
    }

    private static String print(RunSummary summary) {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        new ConsoleReport(new PrintStream(printed, true, StandardCharsets.UTF_8)).print(summary);
        return printed.toString(StandardCharsets.UTF_8);
    }

    /** {@code summary} with these verdicts and request rows instead of its own. */
    private static RunSummary copy(RunSummary s, RunSummary.Verdicts sessions, RunSummary.ResponseVerdicts responses,
                                   List<RunSummary.RequestTypeRow> rows) {
        return new RunSummary(s.scenario(), s.runDirectory(), s.startedAt(), s.wallMs(), s.verdict(), s.cluster(),
                s.load(), s.requests(), s.throughputPerSec(), s.latencyMs(), sessions, responses, s.faults(), s.nodes(),
                s.checks(), s.validity(), rows, s.open(), s.connections(), s.servedLatencyMs(), s.users(),
                s.anomalies(), s.provenance(), s.external());
    }
}
