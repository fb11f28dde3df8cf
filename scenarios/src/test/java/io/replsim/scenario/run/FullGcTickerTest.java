package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.replsim.scenario.report.NodeSample;
import io.replsim.scenario.runtime.AdminOnlyRuntime;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class FullGcTickerTest {

    @Test
    void everyLiveNodeIsAskedEachPeriodAndItsLiveHeapKeptWhileASilentNodeHasNoReadings() throws Exception {
        var runtime = new GcAnsweringRuntime(List.of("node1", "node2", "node3"), "node3");
        List<NodeSample> node1;
        try (var ticker = new FullGcTicker(runtime, Duration.ofMillis(20))) {
            ticker.start();
            await().atMost(Duration.ofSeconds(10)).until(() -> ticker.readings().getOrDefault("node2", List.of()).size() >= 3);
            node1 = ticker.readings().get("node1");
            assertThat(ticker.readings()).doesNotContainKey("node3");
            assertThat(ticker.longestPauseMs()).isEqualTo(7);
        }

        assertThat(runtime.calls).contains("POST /admin/gc node1", "POST /admin/gc node3");
        assertThat(node1).allSatisfy(sample -> assertThat(sample.heapAfterGcBytes()).isEqualTo(5_000_000));
        assertThat(node1).extracting(NodeSample::uptimeMs).isSorted();
        int callsAtClose = runtime.calls.size();
        // closed: the ticker's thread has ended, so no node is asked again
        Thread.sleep(100);
        assertThat(runtime.calls).hasSize(callsAtClose);
    }

    /** Nodes that answer only {@code POST /admin/gc}; {@code silent} answers nothing (a paused or dying node). */
    private static final class GcAnsweringRuntime extends AdminOnlyRuntime {
        private final String silent;
        private final List<String> calls = new CopyOnWriteArrayList<>();
        private final AtomicLong uptime = new AtomicLong();

        GcAnsweringRuntime(List<String> names, String silent) {
            super(names);
            this.silent = silent;
        }

        @Override
        protected String answer(String node, String method, String path, String body) throws IOException {
            calls.add(method + " " + path + " " + node);
            if (node.equals(silent)) {
                throw new IOException("timed out");
            }
            return "{\"atEpochMs\":" + System.currentTimeMillis() + ",\"uptimeMs\":" + uptime.addAndGet(1_000)
                    + ",\"heapAfterBytes\":5000000,\"tookMs\":7}";
        }
    }
}
