package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The validity figures the console's validity line and report.html's validity table both show are said in the same
 * words, from one place each (Little's law's users, the think time, the driver's CPU, its longest GC pause).
 */
class ValidityWordsTest {
    private static final ValidityReport VALIDITY = new ValidityReport("VALID", List.of(), 5_000, 45_000, 4_000,
            100.0, 0.001, new RunSummary.Latency(1, 2, 3, 4, 5), 60, 59.64, 0.006, 500.0, 503.44, 0.007, 0, 0.12, 2,
            0.031, 7, 20, 95.0, 500.0, 0.2, null);

    @Test
    void eachFigureIsSaidInItsWords() {
        assertThat(VALIDITY.littlesLawMeasured()).isEqualTo("59.6 users for 60 (0.6% off)");
        assertThat(VALIDITY.thinkMeasured()).isEqualTo("500.0 ms asked, 503.4 ms taken");
        assertThat(VALIDITY.driverCpuMeasured()).isEqualTo("3% of 2 cores");
        assertThat(VALIDITY.gcPauseMaxMeasured()).isEqualTo("7 ms");
    }

    @TempDir
    Path root;

    @Test
    void theConsoleAndThePageSayTheSameWords() throws IOException {
        RunSummary s = RunReport.write(GoldenRuns.drill(root), null, InvalidRuns.REFUSED,
                GoldenRuns.provenance(GoldenRuns.DRILL));
        RunSummary withValidity = new RunSummary(s.scenario(), s.runDirectory(), s.startedAt(), s.wallMs(),
                s.verdict(), s.cluster(), s.load(), s.requests(), s.throughputPerSec(), s.latencyMs(), s.sessions(),
                s.responses(), s.faults(), s.nodes(), s.checks(), VALIDITY, s.requestTypes(), s.open(),
                s.connections(), s.servedLatencyMs(), s.users(), s.anomalies(), s.provenance(), s.external());
        String page = ValiditySection.html(VALIDITY, false);
        List<String> words = List.of(VALIDITY.littlesLawMeasured(), VALIDITY.thinkMeasured(),
                VALIDITY.driverCpuMeasured(), VALIDITY.gcPauseMaxMeasured());

        words.forEach(measured -> assertThat(page).contains("<td>" + measured + "</td>"));
        assertThat(DeclaredCounts.line(DeclaredCounts.print(withValidity), "validity  ")).isEqualTo("validity  VALID   Little's law X·(R+Z) 59.6 users for"
                + " 60 (0.6% off)   think 500.0 ms asked, 503.4 ms taken   driver CPU 3% of 2 cores   GC pause max 7 ms");
    }
}
