package io.replsim.scenario.compare;

import static io.replsim.scenario.report.chart.HtmlText.escape;

import java.io.PrintStream;
import java.util.List;

/**
 * The driver settings in which the scenarios of a comparison differ, said beside its figures on the console and on
 * compare.html: not another load, so never a refusal, but the driver shares the machine with the nodes, so the
 * figures then compare the drivers as well.
 */
public final class DriversDiffer {
    static final String WHY = "the driver shares the machine with the nodes: a driver that takes more of it leaves"
            + " the nodes less, so the figures compare the drivers as well (docs/capacity.md, \"User runtimes\")";

    private DriversDiffer() {
    }

    /** One difference as the console says it when a comparison is planned, before anything is played. */
    public static String line(String difference) {
        return "the drivers differ: " + difference + "; " + WHY;
    }

    static void print(List<String> differences, PrintStream out) {
        if (!differences.isEmpty()) {
            out.println("the drivers differ: " + WHY + ":");
            differences.forEach(difference -> out.println("  " + difference));
        }
    }

    /** A paragraph for compare.html; empty when every scenario had the reference's driver. */
    static String html(List<String> differences) {
        if (differences.isEmpty()) {
            return "";
        }
        StringBuilder html = new StringBuilder("<p class=\"drivers\">The drivers differ: ").append(escape(WHY))
                .append(".</p>\n<ul class=\"drivers\">\n");
        differences.forEach(difference -> html.append("<li>").append(escape(difference)).append("</li>\n"));
        return html.append("</ul>\n").toString();
    }
}
