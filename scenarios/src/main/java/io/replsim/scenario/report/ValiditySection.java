package io.replsim.scenario.report;

import static io.replsim.scenario.report.chart.HtmlText.escape;

import io.replsim.loadgen.validity.ValidityRules;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether the run measured the cluster rather than the driver over its steady window: VALID or INVALID, every
 * reason it is INVALID, and each rule's figure beside its limit. The verdict and its reasons are the driver's rules'
 * (ValidityRules); this section shows them, it does not judge again.
 */
final class ValiditySection {

    private ValiditySection() {
    }

    /** {@code open}: an open-model run, to which only the driver's own rules apply. */
    static String html(ValidityReport validity, boolean open) {
        StringBuilder html = new StringBuilder(String.format(Locale.ROOT, "<h2>Validity: <span class=\"%s\">%s</span>"
                        + "</h2>%n<p>Over the steady window, %.1f s to %.1f s after the start of the load.</p>%n",
                escape(validity.verdict()), escape(validity.verdict()), validity.windowFromMs() / 1000.0,
                validity.windowToMs() / 1000.0));
        if (!validity.reasons().isEmpty()) {
            html.append("<ul class=\"invalid\">");
            validity.reasons().forEach(reason -> html.append("<li>").append(escape(reason)).append("</li>"));
            html.append("</ul>\n");
        }
        html.append("<table class=\"validity\"><tr><th>rule</th><th>limit</th><th>measured</th></tr>\n");
        for (String[] rule : rules(validity, open)) {
            html.append("<tr><td>").append(escape(rule[0])).append("</td><td>").append(escape(rule[1]))
                    .append("</td><td>").append(escape(rule[2])).append("</td></tr>\n");
        }
        return html.append("</table>\n").toString();
    }

    private static List<String[]> rules(ValidityReport v, boolean open) {
        List<String[]> rules = new ArrayList<>();
        if (!open) {
            rules.add(new String[] {"Little's law: X·(R+Z) gives the users driven",
                    String.format(Locale.ROOT, "within %.0f%% (or %d ms a request)",
                            ValidityRules.LITTLES_LAW_TOLERANCE * 100, ValidityRules.THINK_LATENESS_FLOOR.toMillis()),
                    v.littlesLawMeasured()});
            rules.add(new String[] {"think time taken as asked",
                    String.format(Locale.ROOT, "at most %.0f%% (or %d ms) late",
                            ValidityRules.THINK_DRIFT_TOLERANCE * 100, ValidityRules.THINK_LATENESS_FLOOR.toMillis()),
                    v.thinkMeasured()});
            rules.add(new String[] {"users' cycles missed",
                    String.format(Locale.ROOT, "at most %.0f%% of cycles", ValidityRules.MISSED_CYCLE_TOLERANCE * 100),
                    Long.toString(v.missedCycles())});
        }
        rules.add(new String[] {"the driver's own CPU",
                String.format(Locale.ROOT, "at most %.0f%% of its cores", ValidityRules.DRIVER_CPU_LIMIT * 100),
                v.driverCpuMeasured()});
        rules.add(new String[] {"the driver's longest GC pause",
                String.format(Locale.ROOT, "at most %d ms", ValidityRules.GC_PAUSE_LIMIT.toMillis()),
                v.gcPauseMaxMeasured()});
        return rules;
    }
}
