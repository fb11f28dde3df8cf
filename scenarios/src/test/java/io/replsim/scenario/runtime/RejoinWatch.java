package io.replsim.scenario.runtime;

import io.replsim.node.stats.NodeStatsReport;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads every node's admin stats while a drill runs, to see a node that came back as a fresh process (a fresh task
 * Swarm started) rejoin: when its JGroups view first held every node, and when it first held a copy of as many
 * sessions as the nodes that stayed own together, which under {@code placement: all} (every node holds every session,
 * its own and the others' as backups) is the state transfer done. Read during the run, since its users log out at the
 * end.
 */
final class RejoinWatch implements AutoCloseable {
    private static final Duration EVERY = Duration.ofMillis(250);
    /** A start this much later than the node's first reading's is a new process, not the clock's jitter. */
    private static final long NEW_PROCESS_MS = 1_000;

    /**
     * What was seen of a node's fresh process: its start, when its view first held every node (as the node says it
     * installed that view), and when a reading first found it holding as many sessions as the other nodes owned, and
     * how many (null while not seen); {@code lastRound}: each node's sessions owned and backed up at the last reading.
     */
    record Rejoin(String node, long startedAtEpochMs, Long fullViewAtEpochMs, Long holdsEverySessionAtEpochMs,
                  int sessionsHeld, String lastRound) {
    }

    private final Map<String, AdminClient> nodes;
    private final Map<String, Long> firstStart = new ConcurrentHashMap<>();
    private final Map<String, Rejoin> rejoins = new ConcurrentHashMap<>();
    private final Thread thread;

    private RejoinWatch(Map<String, AdminClient> nodes) {
        this.nodes = Map.copyOf(nodes);
        this.thread = Thread.ofPlatform().daemon().name("rejoin-watch").unstarted(this::watch);
    }

    /** Starts reading {@code nodes} (by name) now; the first readings are the processes a rejoin is told from. */
    static RejoinWatch start(Map<String, AdminClient> nodes) {
        RejoinWatch watch = new RejoinWatch(nodes);
        watch.thread.start();
        return watch;
    }

    /** The node's fresh process as seen so far, if one was. */
    Optional<Rejoin> rejoinOf(String node) {
        return Optional.ofNullable(rejoins.get(node));
    }

    private void watch() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                look(readEveryNode());
                Thread.sleep(EVERY);
            }
        } catch (InterruptedException closed) {
            Thread.currentThread().interrupt();
        }
    }

    /** One reading of each node that answered now (a killed one does not). */
    private Map<String, NodeStatsReport> readEveryNode() throws InterruptedException {
        Map<String, NodeStatsReport> round = new LinkedHashMap<>();
        for (Map.Entry<String, AdminClient> node : nodes.entrySet()) {
            try {
                round.put(node.getKey(), node.getValue().stats());
            } catch (IOException | RuntimeException notAnswering) {
                // down, or not started yet: what answers is enough for this round
            }
        }
        return round;
    }

    private void look(Map<String, NodeStatsReport> round) {
        for (NodeStatsReport stats : round.values()) {
            long started = stats.atEpochMs() - stats.uptimeMs();
            long first = firstStart.computeIfAbsent(stats.node(), node -> started);
            if (started - first < NEW_PROCESS_MS) {
                continue;
            }
            int held = stats.sessions().owned() + stats.sessions().backup();
            // every node that stayed answered this round: the sessions they own are every session there is
            int ownedByOthers = round.values().stream().filter(other -> other != stats)
                    .mapToInt(other -> other.sessions().owned()).sum();
            boolean holdsEvery = round.size() == nodes.size() && ownedByOthers > 0 && held >= ownedByOthers;
            boolean fullView = stats.view() != null && stats.view().members().size() == nodes.size();
            rejoins.merge(stats.node(), new Rejoin(stats.node(), started,
                    fullView ? stats.view().installedAtEpochMs() : null, holdsEvery ? stats.atEpochMs() : null,
                    held, describe(round)), RejoinWatch::earliest);
        }
    }

    /** "node1 12+21, node2 ...": each node's sessions owned and backed up. */
    private static String describe(Map<String, NodeStatsReport> round) {
        StringBuilder text = new StringBuilder();
        round.forEach((node, stats) -> text.append(text.isEmpty() ? "" : ", ").append(node).append(' ')
                .append(stats.sessions().owned()).append('+').append(stats.sessions().backup()));
        return text.toString();
    }

    /** The first time each was seen, the sessions held then; the last round as read last. */
    private static Rejoin earliest(Rejoin seen, Rejoin now) {
        Long holds = seen.holdsEverySessionAtEpochMs() != null ? seen.holdsEverySessionAtEpochMs()
                : now.holdsEverySessionAtEpochMs();
        return new Rejoin(seen.node(), seen.startedAtEpochMs(),
                seen.fullViewAtEpochMs() != null ? seen.fullViewAtEpochMs() : now.fullViewAtEpochMs(), holds,
                seen.holdsEverySessionAtEpochMs() != null ? seen.sessionsHeld() : now.sessionsHeld(),
                now.lastRound());
    }

    @Override
    public void close() throws InterruptedException {
        thread.interrupt();
        thread.join(Duration.ofSeconds(10));
    }
}
