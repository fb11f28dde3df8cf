package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.replsim.scenario.runtime.AdminOnlyRuntime;
import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A node too busy to answer its admin stats in time is asked again: its CPU time and clock are read together in the
 * node, so a late answer is a true one. Anything but a timeout, and the last timeout, ends the reading.
 */
class AdminCpuProbeTest {

    /** A node's stats as a node wrote them (a run's nodes/node1-stats.json): 24,260 ms of CPU at 13,023,571 ms. */
    private static final String STATS = read("node-stats.json");

    private static String read(String resource) {
        try (var in = AdminCpuProbeTest.class.getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One node whose stats time out {@code timeouts} times, then answer; {@code asked} counts the requests. */
    private static AdminOnlyRuntime timingOut(int timeouts, AtomicInteger asked) {
        return new AdminOnlyRuntime(List.of("node1")) {
            @Override
            protected String answer(String node, String method, String path, String body) throws IOException {
                if (asked.incrementAndGet() <= timeouts) {
                    throw new HttpTimeoutException("request timed out"); // as java.net.http says it
                }
                return STATS;
            }
        };
    }

    @Test
    void aReadingThatTimesOutIsAskedAgainUntilItsLastAttempt() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        List<NodeCpuProbe.Reading> readings = new AdminCpuProbe(timingOut(AdminCpuProbe.ATTEMPTS - 1, asked)).read();

        assertThat(asked).hasValue(AdminCpuProbe.ATTEMPTS);
        assertThat(readings).containsExactly(new NodeCpuProbe.Reading("node1", 24_260, 13_023_571, 0.66));
    }

    @Test
    void aNodeThatTimesOutOnEveryAttemptEndsTheReading() {
        AtomicInteger asked = new AtomicInteger();
        assertThatThrownBy(() -> new AdminCpuProbe(timingOut(AdminCpuProbe.ATTEMPTS, asked)).read())
                .isInstanceOf(IOException.class).hasCauseInstanceOf(HttpTimeoutException.class);
        assertThat(asked).hasValue(AdminCpuProbe.ATTEMPTS);
    }

    @Test
    void aFailureOtherThanATimeoutIsNotAskedAgain() {
        AtomicInteger asked = new AtomicInteger();
        AdminOnlyRuntime refusing = new AdminOnlyRuntime(List.of("node1")) {
            @Override
            protected String answer(String node, String method, String path, String body) throws IOException {
                asked.incrementAndGet();
                throw new ConnectException("Connection refused");
            }
        };
        assertThatThrownBy(() -> new AdminCpuProbe(refusing).read()).isInstanceOf(IOException.class);
        assertThat(asked).hasValue(1);
    }
}
