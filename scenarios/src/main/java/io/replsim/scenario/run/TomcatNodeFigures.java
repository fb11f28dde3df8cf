package io.replsim.scenario.run;

import io.replsim.scenario.runtime.tomcat.TomcatStatus;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What one Tomcat member tells of itself over a drill, read from its status page before and after the load (a
 * member killed on the way has none): the cores it used in between (its process CPU time over its own monotonic
 * time), and its manager's counts at the end.
 *
 * @param cpuCores null when the member was not read before the load (a member restarted during it)
 */
public record TomcatNodeFigures(String node, String manager, List<String> sees, Double cpuCores,
                                long activeSessions, Long activeSessionsFull, Long deltasSent, Long deltasReceived) {

    public TomcatNodeFigures {
        sees = List.copyOf(sees);
    }

    static TomcatNodeFigures of(TomcatStatus last, Optional<TomcatStatus> first) {
        Double cores = first.filter(before -> before.pid() == last.pid() && last.monotonicMs() > before.monotonicMs())
                .map(before -> (double) (last.processCpuMs() - before.processCpuMs())
                        / (last.monotonicMs() - before.monotonicMs()))
                .orElse(null);
        return new TomcatNodeFigures(last.node(), last.manager(), last.members(), cores, last.activeSessions(),
                last.activeSessionsFull(), last.deltasSent(), last.deltasReceived());
    }

    /** The console's line: {@code tomcat    node2 (DeltaManager) CPU 0.31 cores over the load, ...}. */
    String line() {
        return String.format(Locale.ROOT, "tomcat    %s (%s) CPU %s over the load; at the end sees %s, %d sessions"
                        + " active%s%s", node, manager, cpuCores == null ? "not measured (restarted)"
                        : String.format(Locale.ROOT, "%.2f cores", cpuCores), sees, activeSessions,
                activeSessionsFull == null ? "" : " (" + activeSessionsFull + " with backups and proxies)",
                deltasSent == null ? "" : ", " + deltasSent + " deltas sent, " + deltasReceived + " received");
    }
}
