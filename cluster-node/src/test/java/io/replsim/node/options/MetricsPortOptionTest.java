package io.replsim.node.options;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** {@code --metrics-port}: a node serves Prometheus metrics only where its command line names a port for them. */
class MetricsPortOptionTest {

    private static final List<String> OWN = List.of("--name", "node1", "--cluster", "c", "--http-port", "18081",
            "--admin-port", "18181", "--jgroups-port", "18281", "--members", "127.0.0.1[18281]");

    @Test
    void withoutTheOptionANodeServesNoMetrics() {
        assertThat(new NodeOptionsParser().parse(OWN.toArray(String[]::new)).metricsPort()).isEmpty();
    }

    @Test
    void theOptionNamesThePort() {
        assertThat(parse("--metrics-port", "19081").metricsPort()).hasValue(19081);
    }

    @Test
    void aPortOutOfRangeOrNotANumberIsRefusedWithWhatIsExpected() {
        for (String bad : List.of("0", "65536", "metrics")) {
            var refused = catchThrowableOfType(BadArgumentException.class, () -> parse("--metrics-port", bad));

            assertThat(refused.argument()).isEqualTo("--metrics-port");
            assertThat(refused.getMessage()).contains(bad).contains("a port number 1-65535");
        }
    }

    private static NodeOptions parse(String... more) {
        List<String> argv = new ArrayList<>(OWN);
        argv.addAll(List.of(more));
        return new NodeOptionsParser().parse(argv.toArray(String[]::new));
    }
}
