package io.replsim.scenario.capacity;

import java.util.Locale;

/**
 * What a step of {@code replsim capacity --through-kill} saw of its kill: which node it killed, how far into the
 * steady window, and the sessions and requests the kill cost the users. The step's own figures (latency, errors,
 * validity, the nodes' CPU) are of the window after the kill, and its CPU is the survivors'.
 *
 * @param node           the node killed: the one owning the most sessions when the kill came
 * @param afterMs        the kill's time after the steady window's start, in ms
 * @param countedAsLost  sessions LOST, CORRUPT or FAILED, and attempts never served (what maxSessionsLost counts)
 * @param stale          sessions STALE
 * @param staleAllowed   the scenario's {@code maxSessionsStale}; null when it has none, and STALE is not judged
 * @param failedOnKilled    failed attempts at the killed node from the kill on: requests it cut off or that found
 *                          its connections dead, and the refusals its users met before their router sent them on
 *                          (most of them then answered by a survivor). The failover itself, growing with the users
 *                          the node served, whatever the survivors' capacity: reported, not judged
 * @param failedOnSurvivors failed attempts at the survivors from the kill on (refused, reset, timed out, an HTTP
 *                          error): what the error limit holds, since survivors short of capacity fail requests
 * @param requests          user requests that ended in the window after the kill
 */
public record KillWindow(String node, long afterMs, long countedAsLost, long stale, Long staleAllowed,
                         long failedOnKilled, long failedOnSurvivors, long requests) {

    /** Whether the kill cost the users sessions beyond what the step allows. */
    public boolean lostSessions() {
        return countedAsLost > 0 || (staleAllowed != null && stale > staleAllowed);
    }

    /** {@code failedOnSurvivors} over {@code requests}; 0 without requests. */
    public double survivorsFailedRatio() {
        return requests == 0 ? 0 : failedOnSurvivors / (double) requests;
    }

    /** The sessions the step lost, as the console and the page name them. */
    public String sessionsWhy() {
        String lost = countedAsLost + " LOST/CORRUPT/FAILED/never served";
        return staleAllowed == null ? lost
                : lost + String.format(Locale.ROOT, ", %d STALE (%d allowed)", stale, staleAllowed);
    }
}
