package io.replsim.scenario.spec;

import com.fasterxml.jackson.databind.JsonNode;
import io.replsim.replication.AsyncQueueSettings;
import io.replsim.replication.BuddyPools;
import io.replsim.replication.DeliveryKind;
import io.replsim.replication.EngineKind;
import io.replsim.replication.GranularityKind;
import io.replsim.replication.NodeId;
import io.replsim.replication.Placement;
import io.replsim.replication.OrphanPolicy;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.ReplicationTrigger;
import io.replsim.replication.SessionLifecycle;
import io.replsim.replication.infinispan.InfinispanCacheFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads the {@code replication} section; every field has a default, full synchronous replication. The buddy
 * placement's own fields ({@code buddies}, {@code buddyPools}) are refused with any other placement, so a file
 * never looks like it asks for something it does not get.
 */
final class ReplicationReader {

    static final List<String> FIELDS =
            List.of("placement", "buddies", "buddyPools", "granularity", "trigger", "maxUnreplicatedInterval",
                    "delivery", "syncTimeout", "async", "engine", "maxInactiveInterval",
                    "maxActiveSessions", "orphans");
    static final List<String> ASYNC_FIELDS = List.of("bundleTimeout", "maxBundle", "capacity");

    private static final Duration MAX_BUNDLE_TIMEOUT = Duration.ofSeconds(1);
    private static final long MAX_BUDDIES = 15; // cluster.nodes is at most 16
    private static final Pattern NODE_NAME = Pattern.compile("node[1-9][0-9]?");
    private static final String POOLS_EXPECTED =
            "a list of pools, each a list of node names, such as [[node1, node2], [node3, node4]]";
    private static final String POOL_EXPECTED = "a list of node names, such as [node1, node2]";
    private static final String NODE_EXPECTED = "a node name, node1 to node16";

    private ReplicationReader() {
    }

    /**
     * @param clusterNodes the cluster's size when its section was valid: buddy pools may name only its nodes
     */
    static ReplicationSpec read(MapReader replication, Optional<Integer> clusterNodes) {
        ReplicationSpec defaults = ReplicationSpec.fullSync();
        Placement named = replication.choice("placement", Placement::parse, "a placement").orElse(defaults.placement());
        Placement placement = named;
        if (named instanceof Placement.Buddies) {
            long buddies = replication.wholeNumber("buddies", 1, MAX_BUDDIES).orElse(1L);
            BuddyPools pools = replication.list("buddyPools", POOLS_EXPECTED).optional()
                    .flatMap(items -> pools(items, replication.pathOf("buddyPools"), replication, clusterNodes))
                    .orElse(BuddyPools.none());
            placement = new Placement.Buddies((int) buddies, pools);
        } else {
            refuseWithoutBuddies(replication, "buddies");
            refuseWithoutBuddies(replication, "buddyPools");
        }
        GranularityKind granularity =
                replication.choice("granularity", GranularityKind::parse, "a granularity").orElse(defaults.granularity());
        ReplicationTrigger trigger =
                replication.choice("trigger", ReplicationTrigger::parse, "a trigger").orElse(defaults.trigger());
        Duration maxUnreplicated = replication.duration("maxUnreplicatedInterval")
                .must(interval -> !interval.isNegative() && interval.compareTo(LoadReader.LONGEST_RUN) <= 0,
                        "a duration from 0s (every request) to 24h, such as 60s")
                .orElse(defaults.maxUnreplicatedInterval());
        DeliveryKind delivery = replication.choice("delivery", DeliveryKind::parse, "a delivery").orElse(defaults.delivery());
        AsyncQueueSettings asyncQueue = AsyncQueueSettings.DEFAULT;
        if (delivery == DeliveryKind.ASYNC) {
            asyncQueue = asyncQueue(replication.optionalSection("async", ASYNC_FIELDS));
        } else {
            String expected = "no async unless delivery is async";
            replication.text("async", expected).must(text -> false, expected);
        }
        EngineKind engine = replication.choice("engine", EngineKind::parse, "an engine").orElse(defaults.engine());
        var spec = new ReplicationSpec(
                placement,
                granularity,
                delivery,
                replication.duration("syncTimeout")
                        .must(timeout -> timeout.isPositive()
                                        && timeout.compareTo(LoadReader.LONGEST_REQUEST_TIMEOUT) <= 0,
                                "a duration above 0s and at most 10m, such as 2s")
                        .orElse(defaults.syncTimeout()),
                asyncQueue,
                trigger,
                maxUnreplicated,
                engine,
                new SessionLifecycle(replication.duration("maxInactiveInterval")
                        .must(interval -> interval.isPositive() && interval.toNanos() % 1_000_000 == 0
                                        && interval.compareTo(LoadReader.LONGEST_RUN) <= 0,
                                "a whole number of milliseconds above 0s and at most 24h, such as 30m (the servlet"
                                + " default) or 2s; leave it out and sessions never expire")
                        .optional(),
                replication.wholeNumber("maxActiveSessions", 1, 10_000_000).optional()
                        .map(max -> OptionalInt.of(max.intValue())).orElse(OptionalInt.empty())),
                replication.choice("orphans", OrphanPolicy::parse, "an orphan policy").orElse(defaults.orphans()));
        if (engine == EngineKind.INFINISPAN) {
            for (InfinispanCacheFactory.Unsupported refused : InfinispanCacheFactory.unsupported(spec)) {
                replication.problemWith(refused.field(), "under engine: infinispan, " + refused.problem());
            }
        }
        return spec;
    }

    private static AsyncQueueSettings asyncQueue(MapReader async) {
        AsyncQueueSettings defaults = AsyncQueueSettings.DEFAULT;
        return new AsyncQueueSettings(
                async.duration("bundleTimeout")
                        .must(timeout -> !timeout.isNegative() && timeout.compareTo(MAX_BUNDLE_TIMEOUT) <= 0,
                                "a duration from 0ms (send at once) to 1s, such as 5ms")
                        .orElse(defaults.bundleTimeout()),
                async.wholeNumber("maxBundle", 1, 10_000).orElse((long) defaults.maxBundle()).intValue(),
                async.wholeNumber("capacity", 1, 10_000_000).orElse((long) defaults.capacity()).intValue());
    }

    private static void refuseWithoutBuddies(MapReader replication, String key) {
        String expected = "no " + key + " unless placement is buddies";
        // A list is not text, so text() reports it; a scalar is, so the rule that never holds reports it.
        replication.text(key, expected).must(text -> false, expected);
    }

    private static int number(String nodeName) {
        return Integer.parseInt(nodeName.substring("node".length()));
    }

    /** Every pool and name is checked, so one pass reports every bad entry at its own path. */
    private static Optional<BuddyPools> pools(List<JsonNode> items, String path, MapReader replication,
                                              Optional<Integer> clusterNodes) {
        List<Set<NodeId>> pools = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        boolean valid = true;
        for (int p = 0; p < items.size(); p++) {
            JsonNode pool = items.get(p);
            String poolPath = path + "[" + p + "]";
            if (!pool.isArray() || pool.isEmpty()) {
                replication.problemAt(poolPath, pool, POOL_EXPECTED);
                valid = false;
                continue;
            }
            Set<NodeId> members = new LinkedHashSet<>();
            for (int m = 0; m < pool.size(); m++) {
                JsonNode name = pool.get(m);
                String namePath = poolPath + "[" + m + "]";
                if (!name.isTextual() || !NODE_NAME.matcher(name.asText()).matches()) {
                    replication.problemAt(namePath, name, NODE_EXPECTED);
                    valid = false;
                } else if (clusterNodes.filter(nodes -> number(name.asText()) > nodes).isPresent()) {
                    int nodes = clusterNodes.orElseThrow();
                    replication.problemAt(namePath, name, "a node of this cluster, node1 to node" + nodes
                            + " (cluster.nodes is " + nodes + ")");
                    valid = false;
                } else if (!seen.add(name.asText())) {
                    replication.problemAt(namePath, name, "a node in one pool only; " + name.asText()
                            + " is already in an earlier pool or earlier in this one");
                    valid = false;
                } else {
                    members.add(new NodeId(name.asText()));
                }
            }
            pools.add(members);
        }
        return valid ? Optional.of(new BuddyPools(pools)) : Optional.empty();
    }
}
