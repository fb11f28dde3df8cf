package io.replsim.scenario.capacity;

import io.replsim.scenario.runtime.NodeDeath;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A node ended during a search's step while nothing of the search ended it (a crash, the OOM killer, a signal from
 * outside). The search stops there: every later step would measure a smaller cluster than the one it names, and its
 * answer would be no figure of either.
 */
public final class NodeEndedUnaskedException extends IOException {

    public NodeEndedUnaskedException(int level, String unit, List<NodeDeath> deaths) {
        super(String.format(Locale.ROOT, "%s during the step at %,d %s: a node ended that no fault ended, so the"
                        + " search stops (every later step would measure a smaller cluster)",
                deaths.stream().map(death -> death.node() + " (" + death.instance() + ") " + death.how())
                        .collect(Collectors.joining(", ")), level, unit));
    }
}
