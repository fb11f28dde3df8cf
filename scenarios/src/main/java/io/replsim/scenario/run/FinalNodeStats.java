package io.replsim.scenario.run;

import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeHandle;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Each live node's stats as it answers once the load has ended, kept in the run directory's {@code nodes/}. A node
 * that does not answer then (a restarted node still joining, one that just ended) loses the run nothing: its figures
 * are its last reading during the load, as for any sample it missed, and it is named with why.
 */
final class FinalNodeStats {

    private FinalNodeStats() {
    }

    /** Writes what each live node answers; for each node that did not, what its admin client said. */
    static List<String> write(ClusterRuntime runtime, RunDirectory dir) throws IOException, InterruptedException {
        List<String> unanswered = new ArrayList<>();
        for (NodeHandle node : runtime.liveNodes()) {
            String json;
            try {
                json = runtime.admin(node.name()).statsJson();
            } catch (IOException e) {
                // the admin client's message names the node, the request and why
                unanswered.add(e.getMessage());
                continue;
            }
            dir.writeNodeStats(node.name(), json);
        }
        return unanswered;
    }
}
