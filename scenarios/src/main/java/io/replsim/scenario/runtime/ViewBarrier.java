package io.replsim.scenario.runtime;

import io.replsim.node.admin.AdminServer;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Waits, with a deadline, until each named node answers its health check with the expected view size, and fails
 * at once, with the node's own words, when any of them dies meanwhile.
 */
final class ViewBarrier {
    private static final Duration POLL = Duration.ofMillis(100);

    /** What a runtime knows about a node that the admin API cannot say. */
    interface Watch {
        /** Why the node is gone (exit code and the end of its log), or empty while it runs. */
        Optional<String> deathNotice(String node);

        /**
         * Where to look for more, with its last lines where the runtime can read them: the timeout message carries
         * them, since a test's temporary directory, and the log in it, may be gone when someone reads the message.
         */
        String logOf(String node);
    }

    private ViewBarrier() {
    }

    static void await(List<String> nodes, int expectedMembers, Duration deadline, Function<String, AdminClient> admin,
                      Watch watch) throws ClusterStartException, InterruptedException {
        long end = System.nanoTime() + deadline.toNanos();
        for (String node : nodes) {
            String lastProblem = "no answer yet";
            while (true) {
                // Every node, not only the one awaited: the first node never sees a joiner that died, and its wait
                // would only end at the deadline.
                for (String any : nodes) {
                    Optional<String> death = watch.deathNotice(any);
                    if (death.isPresent()) {
                        throw new ClusterStartException(any + " " + death.get());
                    }
                }
                try {
                    AdminServer.Health health = admin.apply(node).health();
                    if ("UP".equals(health.status()) && health.members() == expectedMembers) {
                        break;
                    }
                    lastProblem = "status " + health.status() + " with " + health.members() + " of "
                            + expectedMembers + " members in its view";
                } catch (IOException e) {
                    lastProblem = "admin API not answering (" + e.getClass().getSimpleName() + ")";
                }
                if (System.nanoTime() > end) {
                    throw new ClusterStartException(node + " did not see " + expectedMembers + " members within "
                            + deadline.toSeconds() + " s: " + lastProblem + "; its log: " + watch.logOf(node));
                }
                Thread.sleep(POLL);
            }
        }
    }
}
