package io.replsim.scenario.report;

import io.replsim.scenario.provenance.CpuProbe;
import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.provenance.ScenarioHash;
import io.replsim.scenario.report.chart.HtmlText;
import java.util.Locale;

/**
 * A page's provenance (report.html's, capacity.html's): what made the page's figures and where, a row each, as
 * summary.json has them.
 */
public final class ProvenanceTable {

    private ProvenanceTable() {
    }

    /** What the page says of a run that did not record it (a summary.json from before replsim did). */
    public static final String NOT_RECORDED = "<h2>Provenance</h2>\n<p>Not recorded: this run's summary.json was written"
            + " before replsim recorded provenance.</p>\n";

    public static String html(Provenance provenance) {
        StringBuilder html = new StringBuilder("<h2>Provenance</h2>\n<table>\n");
        row(html, "replsim commit", provenance.replsim().commit() + (provenance.replsim().dirty() == null
                ? ", dirty: unknown" : provenance.replsim().dirty() ? ", dirty (changes not committed)" : ", clean")
                + " (" + provenance.replsim().source() + ")");
        row(html, "driver JDK", provenance.driverJdk().describe());
        row(html, "nodes", provenance.runtime() + ", JDK " + provenance.nodesJdk().describe());
        row(html, "machine", provenance.cores() + " cores, " + provenance.memory());
        row(html, "load average (1 min)", Provenance.load(provenance.loadAverageBefore()) + " before, "
                + Provenance.load(provenance.loadAverageAfter()) + " after");
        row(html, "reference work (one thread)", probe(provenance.cpuProbeBefore()) + " before, "
                + probe(provenance.cpuProbeAfter()) + " after");
        row(html, "CPU stolen by the hypervisor", Provenance.steal(provenance.stealShare()));
        for (ScenarioHash scenario : provenance.scenarios()) {
            row(html, "scenario " + scenario.file(), "sha-256 " + scenario.sha256());
        }
        return html.append("</table>\n").toString();
    }

    /** {@code 3.41 ms (3.38 ms of CPU)}: the wall time says how fast, the CPU time whether it waited for a core. */
    private static String probe(CpuProbe probe) {
        return probe == null ? "not measured" : probe.describe() + (probe.cpuMillis() == null ? ""
                : String.format(Locale.ROOT, " (%.2f ms of CPU)", probe.cpuMillis()));
    }

    private static void row(StringBuilder html, String what, String value) {
        html.append("<tr><th>").append(HtmlText.escape(what)).append("</th><td>")
                .append(HtmlText.escape(value)).append("</td></tr>\n");
    }
}
