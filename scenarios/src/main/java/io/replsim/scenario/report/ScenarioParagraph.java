package io.replsim.scenario.report;

import static io.replsim.scenario.report.chart.HtmlText.escape;

import java.util.Locale;
import java.util.stream.Collectors;

/** The run in one paragraph: its nodes and where they ran, the replication, the load and the faults. */
final class ScenarioParagraph {

    private ScenarioParagraph() {
    }

    static String html(RunSummary summary, String runtime) {
        StringBuilder text = new StringBuilder();
        RunSummary.Cluster cluster = summary.cluster();
        if (summary.external() != null) {
            text.append("A cluster replsim does not run: ").append(String.join(", ", summary.external().targets()))
                    .append(", path ").append(summary.external().path()).append(". ");
        } else if (cluster != null) {
            text.append(String.format(Locale.ROOT, "%d nodes (runtime %s, %s engine), replication %s / %s / %s, %d"
                            + " workers and %.2f cores each (%s), heap %s, payload %s. ", cluster.nodes(), runtime,
                    cluster.engine(), cluster.placement(), cluster.granularity(), cluster.delivery(), cluster.workers(),
                    cluster.cpuBudgetCores(), cluster.cpuBudgetEnforced() ? "enforced"
                            : "budget not enforced: " + cluster.cpuBudgetEnforcement(), cluster.heap(),
                    cluster.payload()));
        }
        RunSummary.Load load = summary.load();
        RunSummary.OpenFigures open = summary.open();
        text.append(open == null
                ? String.format(Locale.ROOT, "Load: %d users, think time %s, ramp-up %s, %s in all",
                        load.users(), seconds(load.thinkTimeMs()), seconds(load.rampUpMs()),
                        seconds(load.durationMs()))
                : String.format(Locale.ROOT, "Load: open model, %s arrivals at %.1f/s over %d sessions, %s in all",
                        open.arrivals(), open.intendedPerSec(), open.sessions(), seconds(load.durationMs())));
        text.append(String.format(Locale.ROOT, ", measured over %s to %s; %,d requests, %.1f a second. ",
                seconds(summary.validity().windowFromMs()), seconds(summary.validity().windowToMs()),
                summary.requests().total(), summary.throughputPerSec()));
        text.append(summary.faults().isEmpty() ? "No faults." : "Faults: " + summary.faults().stream()
                .map(fault -> FaultTables.label(fault) + " at " + seconds(fault.atMs())
                        + (fault.healedAtMs() == null ? "" : ", healed at " + seconds(fault.healedAtMs())))
                .collect(Collectors.joining("; ")) + ".");
        return "<p class=\"scenario\">" + escape(text.toString()) + "</p>\n";
    }

    static String seconds(long ms) {
        return ms % 1000 == 0 ? ms / 1000 + " s" : String.format(Locale.ROOT, "%.1f s", ms / 1000.0);
    }
}
