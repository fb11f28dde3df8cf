package io.replsim.scenario.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;
import org.HdrHistogram.Histogram;

/**
 * The validity of several load agents' runs taken as one: VALID only when every agent's was, with every INVALID
 * agent's reasons under its name. Counts add up (requests, users, Little's law's users on either side: each
 * agent's X·(R+Z) is its own users'); the steady window's response times come from the agents' histograms added
 * together; mean times are the agents' means weighted by their requests; the driver's CPU share and longest GC pause
 * are the busiest agent's, which is what the rules on the driver judge.
 */
final class MergedValidity {

    private MergedValidity() {
    }

    static ValidityReport of(List<AgentRun> agents, Histogram steadyMicros, Histogram steadyServedMicros) {
        List<ValidityReport> each = agents.stream().map(agent -> agent.summary().validity()).toList();
        List<String> reasons = new ArrayList<>();
        for (AgentRun agent : agents) {
            ValidityReport validity = agent.summary().validity();
            if (!validity.valid()) {
                List<String> own = validity.reasons().isEmpty() ? List.of("INVALID") : validity.reasons();
                own.forEach(reason -> reasons.add("agent " + agent.agent().share() + ": " + reason));
            }
        }
        long requests = sum(each, ValidityReport::requests);
        int users = (int) sum(each, ValidityReport::users);
        double implied = total(each, ValidityReport::littlesLawUsers);
        double asked = weighted(each, ValidityReport::thinkAskedMs);
        double taken = weighted(each, ValidityReport::thinkTakenMs);
        return new ValidityReport(reasons.isEmpty() ? ValidityReport.VALID : ValidityReport.INVALID, reasons,
                each.stream().mapToLong(ValidityReport::windowFromMs).min().orElse(0),
                each.stream().mapToLong(ValidityReport::windowToMs).max().orElse(0), requests,
                total(each, ValidityReport::throughputPerSec),
                requests == 0 ? 0 : total(each, v -> v.errorRatio() * v.requests()) / requests,
                RunSummary.Latency.ofMicros(steadyMicros), users, implied,
                users == 0 ? 0 : Math.abs(implied - users) / users, asked, taken,
                asked == 0 ? 0 : (taken - asked) / asked, sum(each, ValidityReport::missedCycles),
                total(each, ValidityReport::driverCpuCores), (int) sum(each, ValidityReport::driverCores),
                each.stream().mapToDouble(ValidityReport::driverCpuShare).max().orElse(0),
                each.stream().mapToLong(ValidityReport::gcPauseMaxMs).max().orElse(0),
                sum(each, ValidityReport::gcPauseTotalMs), weighted(each, ValidityReport::littlesLawResponseMs),
                weighted(each, ValidityReport::littlesLawThinkMs), total(each, ValidityReport::littlesLawEdgeUsers),
                RunSummary.Latency.measuredOrNull(steadyServedMicros));
    }

    private static long sum(List<ValidityReport> each, ToLongFunction<ValidityReport> figure) {
        return each.stream().mapToLong(figure).sum();
    }

    private static double total(List<ValidityReport> each, ToDoubleFunction<ValidityReport> figure) {
        return each.stream().mapToDouble(figure).sum();
    }

    /** The agents' means of {@code figure} weighted by their steady window's requests. */
    private static double weighted(List<ValidityReport> each, ToDoubleFunction<ValidityReport> figure) {
        long requests = sum(each, ValidityReport::requests);
        return requests == 0 ? 0 : total(each, v -> figure.applyAsDouble(v) * v.requests()) / requests;
    }
}
