package io.replsim.scenario.report;

import static io.replsim.scenario.report.DeclaredCounts.line;
import static io.replsim.scenario.report.DeclaredCounts.print;
import static io.replsim.scenario.report.DeclaredCounts.printedAsDeclared;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The requests and their errors by kind are declared once ({@link RunSummary.Requests#FIGURES}): summary.json holds
 * each count under its key in the declared order and reads it back, and the console's load line (closed and open
 * model) names each kind of error with its label in that order when there were errors. Each count has a value of
 * its own, so a kind left out, moved or read from another's component shows.
 */
class RequestFiguresTest {
    private static final RunSummary.Requests REQUESTS = new RunSummary.Requests(20_001, 1_015, 1_001, 2, 8, 4, 5);
    private static final String BREAKDOWN = "1,015 errors (1,001 refused, 2 reset/io, 8 timeouts, 4 HTTP errors, 5 sent"
            + " on by the balancer after its timeout)";

    @TempDir
    Path root;

    @Test
    void eachDeclaredCountIsTheRecordsComponentOfItsKeyInItsPlace() {
        DeclaredCounts.declaresEachComponent(RunSummary.Requests.FIGURES, RunSummary.Requests.class);
    }

    @Test
    void summaryJsonHoldsEachDeclaredCountUnderItsKeyInOrderAndReadsItBack() throws IOException {
        DeclaredCounts.writtenAndReadBack(RunSummary.Requests.FIGURES, REQUESTS, RunSummary.Requests.class);
    }

    @Test
    void theLoadLineNamesEachKindOfErrorAsDeclared() throws IOException {
        String load = line(print(with(GoldenRuns.drill(root), GoldenRuns.DRILL, REQUESTS)), "load      ");

        assertThat(load).contains("; 20,001 requests, ").endsWith(BREAKDOWN);
        assertThat(load).endsWith("errors (" + printedAsDeclared(RunSummary.Requests.FIGURES, REQUESTS, ", ") + ")");
    }

    @Test
    void theOpenModelsLoadLineNamesEachKindOfErrorAsDeclared() throws IOException {
        String load = line(print(with(GoldenRuns.open(root), GoldenRuns.OPEN, REQUESTS)), "load      ");

        assertThat(load).contains("open model").contains("; 20,001 requests,").endsWith(BREAKDOWN);
    }

    @Test
    void withoutErrorsTheLoadLineNamesNoKind() throws IOException {
        RunSummary.Requests none = new RunSummary.Requests(20_001, 0, 0, 0, 0, 0, 0);
        String load = line(print(with(GoldenRuns.drill(root), GoldenRuns.DRILL, none)), "load      ");

        assertThat(load).endsWith(" 0 errors");
    }

    private static RunSummary with(RunRecord run, String yaml, RunSummary.Requests requests) throws IOException {
        RunSummary written = RunReport.write(run, null, InvalidRuns.REFUSED, GoldenRuns.provenance(yaml));
        return DeclaredCounts.with(written, requests, written.sessions(), written.responses(),
                written.requestTypes());
    }
}
