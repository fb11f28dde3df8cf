package io.replsim.scenario.fault;

import io.replsim.node.stats.NodeStatsReport;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.scenario.spec.NodeSelector;
import java.io.IOException;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Turns a target as written in a scenario into the node it means at the moment the fault fires, on any runtime: a
 * runtime that reads its nodes' stats answers the primary of most sessions, the coordinator and a buddy from them;
 * on one that does not (a cluster replsim does not run, Tomcat members), the primary of most is the node the
 * driver's sticky table sends the most users to, and the coordinator and buddies are unknown (refused before the
 * run: {@code RuntimeCapability.CLUSTER_VIEW}).
 */
public final class TargetResolver {
    private final ClusterRuntime runtime;
    private final UserNodes users;
    private final int userCount;
    // One stream per seed, so that a scenario's random draws repeat from run to run.
    private final Map<Long, SplittableRandom> randoms = new HashMap<>();

    /** Without a load: no user is served, so neither primary-of-user nor, on a runtime without stats, most. */
    public TargetResolver(ClusterRuntime runtime) {
        this(runtime, UserNodes.NONE, 0);
    }

    /** {@code users} answers which node serves each of the load's {@code userCount} users (counted from 0). */
    public TargetResolver(ClusterRuntime runtime, UserNodes users, int userCount) {
        this.runtime = runtime;
        this.users = users;
        this.userCount = userCount;
    }

    public String resolve(NodeSelector selector) throws InterruptedException {
        return switch (selector) {
            case NodeSelector.Named named -> named.node();
            case NodeSelector.PrimaryOfMost ignored -> runtime.readsNodeStats() ? primaryOfMostSessions()
                    : servingMostUsers();
            case NodeSelector.Coordinator ignored -> coordinator();
            case NodeSelector.Random random -> randomLiveNode(random.seed());
            case NodeSelector.BuddyOf buddy -> buddyOf(buddy.node());
            case NodeSelector.PrimaryOfUser user -> primaryOfUser(user.user());
        };
    }

    /**
     * The live node the driver's router sends the most of the load's users to: the primary of most where the
     * nodes' own counts are not read. Ties go to the first in node order, so a drill is repeatable.
     */
    private String servingMostUsers() {
        Map<String, Integer> served = new LinkedHashMap<>();
        runtime.liveNodes().forEach(node -> served.put(node.name(), 0));
        for (int user = 0; user < userCount; user++) {
            users.nodeServing(user).filter(served::containsKey).ifPresent(node -> served.merge(node, 1, Integer::sum));
        }
        return served.entrySet().stream().filter(entry -> entry.getValue() > 0)
                .max(Map.Entry.comparingByValue()).map(Map.Entry::getKey)
                .orElseThrow(() -> new IllegalStateException("no user has been served by a node that is up yet,"
                        + " so the primary of most sessions is unknown"));
    }

    /** The views a target is found in are read from the nodes' stats; a runtime without them has none to read. */
    private void viewsRead(String target) {
        if (!runtime.readsNodeStats()) {
            throw new IllegalArgumentException(target + " is read from the nodes' views, and this runtime's nodes"
                    + " tell replsim none");
        }
    }

    /** The node that answered the user last, if it still runs: a dead node is no primary to break. */
    private String primaryOfUser(int user) {
        String node = users.nodeServing(user).orElseThrow(() -> new IllegalStateException(
                "user " + user + " has had no response yet, so the node holding its session is unknown"));
        if (runtime.liveNodes().stream().noneMatch(live -> live.name().equals(node))) {
            throw new IllegalStateException("user " + user + " was last served by " + node + ", which is down");
        }
        return node;
    }

    /**
     * The live node owning the most sessions; ties go to the first in node order, so a run is repeatable. The nodes
     * are asked side by side: on busy nodes a stats answer takes some hundreds of ms, and asked one after another
     * they put the fault off by their sum (a kill due at 7 s struck at 8.3 s on 3 nodes whose requests' p90 was
     * 808 ms then, at load 20).
     */
    private String primaryOfMostSessions() throws InterruptedException {
        List<NodeHandle> live = runtime.liveNodes();
        Map<String, Future<Long>> asked = new LinkedHashMap<>();
        try (ExecutorService asking = Executors.newVirtualThreadPerTaskExecutor()) {
            for (NodeHandle node : live) {
                asked.put(node.name(), asking.submit(() -> (long) runtime.admin(node.name()).stats().sessions().owned()));
            }
            Map<String, Long> owned = new LinkedHashMap<>();
            for (Map.Entry<String, Future<Long>> answer : asked.entrySet()) {
                owned.put(answer.getKey(), ownedOrUnknown(answer.getValue()));
            }
            return owned.entrySet().stream()
                    .max(Comparator.<Map.Entry<String, Long>>comparingLong(Map.Entry::getValue)
                            .thenComparing(Map.Entry::getKey, Comparator.reverseOrder()))
                    .map(Map.Entry::getKey)
                    .orElseThrow(() -> new IllegalStateException("no live node to choose a primary from"));
        }
    }

    /** A node that could not say (its admin call failed) counts below every node that did. */
    private static long ownedOrUnknown(Future<Long> answer) throws InterruptedException {
        try {
            return answer.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException) {
                return -1L;
            }
            if (e.getCause() instanceof InterruptedException) {
                throw new InterruptedException("asking the nodes for the primary of most sessions");
            }
            throw e.getCause() instanceof RuntimeException unchecked ? unchecked : new IllegalStateException(e.getCause());
        }
    }

    /** The coordinator as the first live node that answers sees it. */
    private String coordinator() throws InterruptedException {
        viewsRead("the coordinator");
        for (NodeHandle node : runtime.liveNodes()) {
            try {
                NodeStatsReport.View view = runtime.admin(node.name()).stats().view();
                if (view != null) {
                    return view.coordinator();
                }
            } catch (IOException e) {
                // paused or dying: ask the next one
            }
        }
        throw new IllegalStateException("no live node answered with its view, so the coordinator is unknown");
    }

    /** The member after {@code node} in the latest view that held it, as the first live node answering saw it. */
    String buddyOf(String node) throws InterruptedException {
        viewsRead("the buddy of " + node);
        for (NodeHandle live : runtime.liveNodes()) {
            if (live.name().equals(node)) {
                continue;
            }
            try {
                List<NodeStatsReport.PastView> history = runtime.admin(live.name()).stats().viewHistory();
                for (NodeStatsReport.PastView view : history.reversed()) {
                    int at = view.members().indexOf(node);
                    if (at >= 0 && view.members().size() > 1) {
                        return view.members().get((at + 1) % view.members().size());
                    }
                }
            } catch (IOException e) {
                // paused or dying: ask the next one
            }
        }
        throw new IllegalStateException("no live node has a view with " + node + ", so its buddy is unknown");
    }

    private String randomLiveNode(long seed) {
        List<String> live = runtime.liveNodes().stream().map(NodeHandle::name).sorted().toList();
        if (live.isEmpty()) {
            throw new IllegalStateException("no live node to choose from");
        }
        return live.get(randoms.computeIfAbsent(seed, SplittableRandom::new).nextInt(live.size()));
    }
}
