package io.replsim.scenario.capacity;

import static io.replsim.scenario.report.chart.HtmlText.escape;

import java.util.Locale;

/** A search's steps in the order run, each PASS or FAIL and why, and its warm-up rounds apart, before them. */
final class CapacityStepTable {

    private CapacityStepTable() {
    }

    static String steps(CapacitySummary.Search search, CapacitySummary.Limits limits, String unit) {
        String statistic = limits == null ? "p90" : limits.statistic().label();
        boolean throughKill = search.steps().stream().anyMatch(step -> step.kill() != null);
        StringBuilder html = new StringBuilder("<table class=\"steps\"><tr><th>step</th><th>why it ran</th><th>")
                .append(escape(unit)).append("</th><th></th><th>why</th><th>req/s</th><th>").append(statistic)
                .append(throughKill ? "</th><th>busiest survivor CPU</th><th>errors</th><th>window after the kill"
                        + "</th><th>killed</th></tr>\n"
                        : "</th><th>busiest node CPU</th><th>errors</th><th>window</th></tr>\n");
        for (CapacitySummary.StepRow step : search.steps()) {
            html.append(String.format(Locale.ROOT, "<tr><td>%d</td><td>%s</td><td>%d</td><td class=\"%s\">%s</td>"
                            + "<td>%s</td><td>%.1f</td><td>%.1f ms</td><td>%s</td><td>%.2f%%</td><td>%.0f s</td>"
                            + "%s</tr>%n", step.step(), escape(step.phase()), step.users(), step.verdict(),
                    step.verdict(), escape(StepWhy.of(step, limits)), step.throughputPerSec(),
                    limits == null ? step.p90Ms() : limits.latencyOf(step), share(step.maxNodeCpuUtilization()),
                    step.errorRatio() * 100, step.windowMs() / 1000.0, throughKill ? "<td>" + killed(step.kill())
                            + "</td>" : ""));
        }
        return html.append("</table>\n").toString();
    }

    static String warmUp(WarmUp warmUp, String unit) {
        if (warmUp.rounds().isEmpty()) {
            return "<p>No warm-up round: the first step ran on the nodes as they were.</p>\n";
        }
        StringBuilder html = new StringBuilder(String.format(Locale.ROOT, "<p>Warm-up: %d unmeasured round(s) before"
                        + " the first step, at %d %s at the end; %s. None of their figures counts for any step.</p>%n",
                warmUp.rounds().size(), warmUp.users(), escape(unit), warmUp.settled()
                        ? "the last two agreed and the nodes' JIT was done" : "NOT settled within its rounds"));
        html.append("<table class=\"warmup\"><tr><th>round</th><th>").append(escape(unit))
                .append("</th><th>req/s</th><th>p90</th><th>busiest node CPU</th><th>errors</th>"
                        + "<th>carried</th></tr>\n");
        for (WarmUp.Round round : warmUp.rounds()) {
            html.append(String.format(Locale.ROOT, "<tr><td>%d</td><td>%d</td><td>%.1f</td><td>%.1f ms</td>"
                            + "<td>%s</td><td>%.2f%%</td><td>%s</td></tr>%n", round.round(), round.users(),
                    round.throughputPerSec(), round.p90Ms(), share(round.maxNodeCpuUtilization()),
                    round.errorRatio() * 100, round.overloaded() ? "no: the next round ran half" : "yes"));
        }
        return html.append("</table>\n").toString();
    }

    private static String killed(KillWindow kill) {
        return kill == null ? "" : escape(String.format(Locale.ROOT, "%s at +%.1f s: sessions %s; failed attempts"
                + " %d at %s, %d at the survivors", kill.node(), kill.afterMs() / 1000.0, kill.sessionsWhy(),
                kill.failedOnKilled(), kill.node(), kill.failedOnSurvivors()));
    }

    private static String share(Double utilization) {
        return utilization == null ? "not read" : String.format(Locale.ROOT, "%.0f%%", utilization * 100);
    }
}
