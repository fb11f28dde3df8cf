package io.replsim.scenario.report;

import static io.replsim.scenario.report.DeclaredCounts.line;
import static io.replsim.scenario.report.DeclaredCounts.print;
import static io.replsim.scenario.report.DeclaredCounts.printedAsDeclared;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
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
    private static final RunSummary.Verdicts SESSIONS = new RunSummary.Verdicts(101, 102, 103, 104, 105, 106, 107);
    private static final RunSummary.ResponseVerdicts RESPONSES =
            new RunSummary.ResponseVerdicts(1_001, 1_002, 1_003, 1_004, 1_005);

    @TempDir
    Path root;

    @Test
    void eachDeclaredSessionVerdictIsTheRecordsComponentOfItsKeyInItsPlace() {
        DeclaredCounts.declaresEachComponent(RunSummary.Verdicts.FIGURES, RunSummary.Verdicts.class);
        DeclaredCounts.declaresEachComponent(RunSummary.ResponseVerdicts.FIGURES, RunSummary.ResponseVerdicts.class);
    }

    @Test
    void summaryJsonHoldsEachDeclaredVerdictUnderItsKeyInOrderAndReadsItBack() throws IOException {
        DeclaredCounts.writtenAndReadBack(RunSummary.Verdicts.FIGURES, SESSIONS, RunSummary.Verdicts.class);
        DeclaredCounts.writtenAndReadBack(RunSummary.ResponseVerdicts.FIGURES, RESPONSES,
                RunSummary.ResponseVerdicts.class);
    }

    @Test
    void theConsolesSessionsLinePrintsEachDeclaredVerdictWithItsLabelInOrder() throws IOException {
        String printed = print(drill(SESSIONS, RESPONSES));

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
        String printed = print(drill(SESSIONS, noneRare));

        assertThat(line(printed, "sessions  ")).endsWith("(responses: 1,001 OK, 1,002 STALE, 1,003 LOST)");
        List<String> requestLines = printed.lines().filter(text -> text.startsWith("request   ")).toList();
        assertThat(requestLines).hasSize(2).allSatisfy(text -> assertThat(text).matches(
                ".*\\(\\d[\\d,]* OK, \\d[\\d,]* STALE, \\d[\\d,]* LOST\\)"));
    }

    @Test
    void aRequestTypesLinePrintsItsResponsesAsDeclaredExpiredIncluded() throws IOException {
        RunSummary summary = drill(SESSIONS, RESPONSES);
        RunSummary.RequestTypeRow counter = summary.requestTypes().getFirst();
        RunSummary.RequestTypeRow withRare = new RunSummary.RequestTypeRow(counter.request(), counter.weight(),
                counter.requests(), counter.errors(), RESPONSES, counter.latencyMs());
        String printed = print(DeclaredCounts.with(summary, summary.requests(), SESSIONS, RESPONSES,
                List.of(withRare)));

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

    /** The golden drill's summary with these verdicts. */
    private RunSummary drill(RunSummary.Verdicts sessions, RunSummary.ResponseVerdicts responses) throws IOException {
        RunSummary written = RunReport.write(GoldenRuns.drill(root), null, InvalidRuns.REFUSED,
                GoldenRuns.provenance(GoldenRuns.DRILL));
        return DeclaredCounts.with(written, written.requests(), sessions, responses, written.requestTypes());
    }
}
