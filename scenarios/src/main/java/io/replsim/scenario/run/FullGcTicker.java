package io.replsim.scenario.run;

import io.replsim.node.admin.FullCollection;
import io.replsim.scenario.report.NodeSample;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeHandle;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Has every live node run a full collection once a period ({@code cluster.fullGcEvery}) and keeps what each left:
 * readings of the live heap, for a long run's heap trend. Nodes are asked together, so one paused or dying node
 * delays nobody else's; a node that does not answer simply has no reading that period.
 */
final class FullGcTicker implements AutoCloseable {
    private final ClusterRuntime runtime;
    private final Duration every;
    private final Map<String, List<NodeSample>> readings = new ConcurrentHashMap<>();
    private final AtomicLong longestPauseMs = new AtomicLong();
    private final Thread ticker;

    FullGcTicker(ClusterRuntime runtime, Duration every) {
        this.runtime = runtime;
        this.every = every;
        this.ticker = Thread.ofVirtual().name("full-gc-ticker").unstarted(this::tick);
    }

    void start() {
        ticker.start();
    }

    private void tick() {
        try {
            while (!Thread.currentThread().isInterrupted()) {
                Thread.sleep(every);
                List<Thread> asks = runtime.liveNodes().stream()
                        .map(node -> Thread.ofVirtual().start(() -> collect(node)))
                        .toList();
                for (Thread ask : asks) {
                    ask.join();
                }
            }
        } catch (InterruptedException stop) {
            // close(): the run is over
        }
    }

    private void collect(NodeHandle node) {
        try {
            FullCollection done = runtime.admin(node.name()).collectGarbage();
            readings.computeIfAbsent(node.name(), name -> new CopyOnWriteArrayList<>())
                    .add(new NodeSample(done.atEpochMs(), done.uptimeMs(), 0, done.heapAfterBytes()));
            longestPauseMs.accumulateAndGet(done.tookMs(), Math::max);
        } catch (IOException e) {
            // killed, paused or restarting right now: no reading this period
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Every node's readings, oldest first, every process of a restarted node included. */
    Map<String, List<NodeSample>> readings() {
        Map<String, List<NodeSample>> copy = new TreeMap<>();
        readings.forEach((node, samples) -> copy.put(node, List.copyOf(samples)));
        return copy;
    }

    long longestPauseMs() {
        return longestPauseMs.get();
    }

    Duration every() {
        return every;
    }

    @Override
    public void close() throws InterruptedException {
        ticker.interrupt();
        ticker.join();
    }
}
