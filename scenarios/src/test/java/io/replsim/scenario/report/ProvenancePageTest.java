package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.replsim.scenario.provenance.Provenance;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * report.html carries the run's provenance as summary.json has it, also when {@code replsim report} draws the page
 * again from the run directory; a run whose summary.json predates provenance says it was not recorded.
 */
class ProvenancePageTest {

    @TempDir
    Path root;

    @Test
    void thePageNamesTheCommitTheJdksTheMachineItsLoadAndTheScenariosHash() throws Exception {
        RunRecord run = GoldenRuns.drill(root);
        Provenance provenance = GoldenRuns.provenance(GoldenRuns.DRILL);

        RunReport.write(run, null, InvalidRuns.REFUSED, provenance);
        String page = Files.readString(run.directory().resolve(RecordedRun.PAGE));
        String drawnAgain = Files.readString(RecordedRun.read(run.directory()).writePage());

        assertThat(page).contains("<h2>Provenance</h2>")
                .contains("<th>replsim commit</th><td>" + provenance.replsim().commit()
                        + ", dirty (changes not committed) (git in /work/replsim when the jar was built)</td>")
                .contains("<th>driver JDK</th><td>25.0.3+9-LTS (Eclipse Adoptium)</td>")
                .contains("<th>nodes</th><td>process, JDK 25.0.3+9-LTS (Eclipse Adoptium)</td>")
                .contains("<th>machine</th><td>2 cores, 8.0 GB</td>")
                .contains("<th>load average (1 min)</th><td>1.25 before, 3.50 after</td>")
                .contains("<th>reference work (one thread)</th><td>3.41 ms (3.38 ms of CPU) before, 3.52 ms (3.47 ms"
                        + " of CPU) after</td>")
                .contains("<th>CPU stolen by the hypervisor</th><td>0.4%</td>")
                .contains("<th>scenario golden.yaml</th><td>sha-256 " + provenance.scenarios().getFirst().sha256());
        assertThat(section(drawnAgain)).as("replsim report draws the same provenance").isEqualTo(section(page));
    }

    private static String section(String page) {
        int from = page.indexOf("<h2>Provenance</h2>");
        assertThat(from).as("a Provenance section").isNotNegative();
        return page.substring(from, page.indexOf("</table>", from));
    }

    @Test
    void aRunFromBeforeProvenanceWasRecordedSaysSo() throws Exception {
        RunRecord run = GoldenRuns.drill(root);
        RunReport.write(run, null, InvalidRuns.REFUSED, GoldenRuns.provenance(GoldenRuns.DRILL));
        Path summary = run.directory().resolve(RecordedRun.SUMMARY);
        ObjectMapper json = new ObjectMapper();
        ObjectNode old = (ObjectNode) json.readTree(summary.toFile());
        old.remove("provenance");
        json.writeValue(summary.toFile(), old);

        String page = Files.readString(RecordedRun.read(run.directory()).writePage());

        assertThat(page).contains("<h2>Provenance</h2>\n<p>Not recorded: this run's summary.json was written before"
                + " replsim recorded provenance.</p>");
    }
}
