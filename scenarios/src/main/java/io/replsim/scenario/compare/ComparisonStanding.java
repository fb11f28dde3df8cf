package io.replsim.scenario.compare;

import static io.replsim.scenario.report.chart.HtmlText.escape;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Whether a comparison at one load holds, as its console's last line says (COMPARABLE or NOT COMPARABLE), and why
 * not, read from its compare.json: runs broken or INVALID, runs at another request rate than their round's fastest,
 * runs whose nodes were still compiling. A capacity comparison judges each ratio instead and has none.
 */
record ComparisonStanding(boolean comparable, List<String> reasons) {

    ComparisonStanding {
        reasons = List.copyOf(reasons);
    }

    /** From a fixed-load compare.json; null from one without its {@code comparable} (a capacity comparison's). */
    static ComparisonStanding read(JsonNode root) {
        if (!root.path("comparable").isBoolean()) {
            return null;
        }
        List<String> reasons = new ArrayList<>();
        long broke = 0;
        long invalid = 0;
        for (JsonNode run : root.path("runs")) {
            if (run.hasNonNull("reason")) {
                broke++;
            } else if ("INVALID".equals(run.path("figures").path("verdict").asText())) {
                invalid++;
            }
        }
        if (broke > 0) {
            reasons.add(runs(broke) + " broke before measuring anything (its reason in compare.json's runs)");
        }
        if (invalid > 0) {
            reasons.add(runs(invalid) + " INVALID: the driver measured itself, not the cluster (each run's report"
                    + " says why)");
        }
        root.path("rateDisagreements").forEach(line -> reasons.add("request rate: " + line.asText()
                + " (a node or the driver saturated, so its node CPU measures another load)"));
        root.path("unsettled").forEach(line -> reasons.add("still compiling: " + line.asText()
                + " (lengthen load.warmUp: fresh nodes compile for 2-3 minutes)"));
        return new ComparisonStanding(root.path("comparable").asBoolean(), reasons);
    }

    String label() {
        return comparable ? "COMPARABLE" : "NOT COMPARABLE";
    }

    /** The verdict in words and, when it does not hold, each reason: before the bars, which it qualifies. */
    String html() {
        if (comparable) {
            return "<p class=\"standing\"><span class=\"PASS\">COMPARABLE</span>: every run measured, VALID, at its"
                    + " round's request rate and past its nodes' warm-up.</p>\n";
        }
        StringBuilder html = new StringBuilder("<p class=\"standing\"><span class=\"FAIL\">NOT COMPARABLE</span>:"
                + " the figures below are drawn, but a difference between them may be the runs' and not the"
                + " variants':</p>\n<ul class=\"standing\">\n");
        reasons.forEach(reason -> html.append("<li>").append(escape(reason)).append("</li>\n"));
        return html.append("</ul>\n").toString();
    }

    private static String runs(long count) {
        return String.format(Locale.ROOT, "%d run%s", count, count == 1 ? "" : "s");
    }
}
