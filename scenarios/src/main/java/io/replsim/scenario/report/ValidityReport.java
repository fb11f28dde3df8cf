package io.replsim.scenario.report;

import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.open.OpenResult;
import io.replsim.loadgen.validity.DriverCost;
import io.replsim.loadgen.steady.SteadyWindow;
import io.replsim.loadgen.validity.RunValidity;
import java.util.List;
import java.util.Locale;

/**
 * summary.json's {@code validity}: whether the run's steady window measured the cluster rather than the driver,
 * every reason it did not, and the window's own figures (the rest of the summary covers the whole run). The verdict
 * is loadgen's {@code RunValidity}, which its {@code ValidityRules} decide; this record is how the report shows it.
 *
 * @param verdict              VALID or INVALID
 * @param windowFromMs         the steady window's start, from the load's start (after ramp-up and warm-up)
 * @param windowToMs           its end
 * @param latencyMs            response times of the window, of every answer (server errors included)
 * @param servedLatencyMs      those of the successful answers alone; null when there was none
 * @param errorRatio           failed attempts over attempts: refused, reset, timed out, and answers that were no
 *                             usable {@code 200} (a 503), in either model
 * @param littlesLawUsers      X·(R+Z) + {@code littlesLawEdgeUsers} over the window, to compare with {@code users}:
 *                             X the requests whose outcome came in the window per second (about
 *                             {@code throughputPerSec}), R {@code littlesLawResponseMs}, Z {@code littlesLawThinkMs}
 *                             (docs/capacity.md)
 * @param littlesLawEdgeUsers  the correction for the cycles straddling the window's edges
 * @param littlesLawResponseMs R: the mean response time users saw, unanswered requests with their time to failure
 * @param littlesLawThinkMs    Z: the mean pause asked (cycle-time: what the cycle left after the response)
 * @param thinkAskedMs         the mean pause users asked for; {@code thinkTakenMs} what they got
 * @param driverCpuShare       the driver's CPU over the cores it has, 0..1
 */
public record ValidityReport(String verdict, List<String> reasons, long windowFromMs, long windowToMs, long requests,
                       double throughputPerSec, double errorRatio, RunSummary.Latency latencyMs, int users,
                       double littlesLawUsers, double littlesLawDeviation, double thinkAskedMs, double thinkTakenMs,
                       double thinkDrift, long missedCycles, double driverCpuCores, int driverCores,
                       double driverCpuShare, long gcPauseMaxMs, long gcPauseTotalMs, double littlesLawResponseMs,
                       double littlesLawThinkMs, double littlesLawEdgeUsers, RunSummary.Latency servedLatencyMs) {

    public static final String VALID = "VALID";
    public static final String INVALID = "INVALID";

    public ValidityReport {
        reasons = List.copyOf(reasons);
    }

    public boolean valid() {
        return VALID.equals(verdict);
    }

    /** Little's law's users against those driven, as the console and report.html say it. */
    String littlesLawMeasured() {
        return String.format(Locale.ROOT, "%.1f users for %d (%.1f%% off)", littlesLawUsers, users,
                littlesLawDeviation * 100);
    }

    /** The think time asked and taken, as the console and report.html say it. */
    String thinkMeasured() {
        return String.format(Locale.ROOT, "%.1f ms asked, %.1f ms taken", thinkAskedMs, thinkTakenMs);
    }

    /** The driver's CPU over its cores, as the console and report.html say it. */
    String driverCpuMeasured() {
        return String.format(Locale.ROOT, "%.0f%% of %d cores", driverCpuShare * 100, driverCores);
    }

    /** The driver's longest GC pause, as the console and report.html say it. */
    String gcPauseMaxMeasured() {
        return gcPauseMaxMs + " ms";
    }

    /** INVALID for these reasons too (the run's faults'), beside the steady window's own; the same when none. */
    public ValidityReport invalidAlsoBecause(List<String> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<String> all = new java.util.ArrayList<>(reasons);
        all.addAll(more);
        return new ValidityReport(INVALID, all, windowFromMs, windowToMs, requests, throughputPerSec, errorRatio,
                latencyMs, users, littlesLawUsers, littlesLawDeviation, thinkAskedMs, thinkTakenMs, thinkDrift,
                missedCycles, driverCpuCores, driverCores, driverCpuShare, gcPauseMaxMs, gcPauseTotalMs,
                littlesLawResponseMs, littlesLawThinkMs, littlesLawEdgeUsers, servedLatencyMs);
    }

    /**
     * An open-model run's validity: only the rules on the driver apply (CPU, GC) and that something completed;
     * Little's law and think time belong to the closed model, so their figures are zero.
     */
    private static ValidityReport ofOpen(LoadResult result, OpenResult open) {
        RunValidity validity = result.validity();
        DriverCost cost = validity.driverCost();
        long errors = result.errors().total();
        return new ValidityReport(validity.valid() ? VALID : INVALID, validity.reasons(),
                result.steady().from().toMillis(), result.steady().to().toMillis(), result.requests(),
                result.throughputPerSecond(), result.requests() == 0 ? 0 : errors / (double) result.requests(),
                RunSummary.Latency.ofMicros(open.correctedMicros()), 0, 0, 0, 0, 0, 0, 0, cost.cpuCores(),
                cost.availableCores(), cost.cpuShare(), cost.gcPauseMax().toMillis(), cost.gcPauseTotal().toMillis(),
                0, 0, 0, RunSummary.Latency.measuredOrNull(result.served().steadyMicros()));
    }

    public static ValidityReport of(LoadResult result) {
        if (result.open().isPresent()) {
            return ofOpen(result, result.open().get());
        }
        SteadyWindow window = result.steady();
        RunValidity validity = result.validity();
        RunSummary.Latency latency = RunSummary.Latency.ofMicros(window.latencyMicros());
        var law = validity.littlesLaw();
        var drift = validity.thinkDrift();
        var cost = validity.driverCost();
        return new ValidityReport(validity.valid() ? VALID : INVALID, validity.reasons(), window.from().toMillis(),
                window.to().toMillis(), window.requests(), window.throughputPerSecond(), window.errorRatio(), latency,
                window.users(), law.impliedUsers(), law.deviation(), drift.meanAsked().toNanos() / 1e6,
                drift.meanTaken().toNanos() / 1e6, drift.drift(), drift.missedCycles(), cost.cpuCores(),
                cost.availableCores(), cost.cpuShare(), cost.gcPauseMax().toMillis(), cost.gcPauseTotal().toMillis(),
                law.meanResponse().toNanos() / 1e6, law.meanThink().toNanos() / 1e6, law.edgeUsers(),
                RunSummary.Latency.measuredOrNull(result.served().steadyMicros()));
    }
}
