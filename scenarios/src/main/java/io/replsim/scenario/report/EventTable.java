package io.replsim.scenario.report;

import static io.replsim.scenario.report.chart.HtmlText.escape;

import io.replsim.scenario.fault.FaultEvent;
import java.util.List;

/**
 * Every fault event as it happened: a fault, its heal, its end with its node, a failure, one the run's end left
 * unfinished; and what was read back.
 */
final class EventTable {

    private EventTable() {
    }

    static String html(List<FaultEvent> events) {
        StringBuilder table = new StringBuilder("<h2>Events</h2>\n<table><tr><th>at</th><th>what</th><th>type</th>"
                + "<th>nodes</th><th>target</th><th>detail</th><th>read back</th></tr>\n");
        for (FaultEvent event : events) {
            table.append("<tr><td>").append(FaultTables.seconds(event.atMs())).append("</td><td>")
                    .append(switch (event.phase()) {
                        case START -> "fault";
                        case HEAL -> "healed";
                        case CUT_SHORT -> "ended with its node";
                        case FAILED -> "FAILED";
                        case UNFINISHED -> "NOT COMPLETED";
                    }).append("</td><td>")
                    .append(escape(event.type())).append("</td><td>").append(escape(event.node())).append("</td><td>")
                    .append(escape(event.target())).append("</td><td>").append(escape(event.detail()))
                    .append("</td><td>").append(event.evidence().confirmed() ? "" : "NOT CONFIRMED: ")
                    .append(escape(event.evidence().seen())).append("</td></tr>\n");
        }
        return table.append("</table>\n").toString();
    }

}
