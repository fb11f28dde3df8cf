package io.replsim.node.options;

import io.replsim.node.settings.ReplicationSettings;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SnapshotMode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * {@code replication.snapshotMode} and {@code snapshotInterval} cross to the node as {@code --snapshot-mode} and
 * {@code --snapshot-interval}; the interval only with mode interval.
 */
class SnapshotModeOptionsTest {

    private static final List<String> OWN = List.of("--name", "node1", "--cluster", "c", "--http-port", "18081",
            "--admin-port", "18181", "--jgroups-port", "18281", "--members", "127.0.0.1[18281]");

    private static NodeOptions parse(List<String> replication) {
        List<String> argv = new ArrayList<>(OWN);
        argv.addAll(replication);
        return new NodeOptionsParser().parse(argv.toArray(String[]::new));
    }

    @Test
    void anIntervalReachesTheNodeUnchanged() {
        var spec = ReplicationSpec.builder().snapshot(new SnapshotMode.Interval(Duration.ofMillis(750)))
                .build();
        List<String> argv = ReplicationSettings.GROUP.arguments(spec);

        assertThat(argv).containsSequence("--snapshot-mode", "interval").containsSequence("--snapshot-interval", "750ms");
        assertThat(parse(argv).replication()).isEqualTo(spec);
    }

    @Test
    void instantIsTheDefaultAndCarriesNoInterval() {
        List<String> argv = ReplicationSettings.GROUP.arguments(ReplicationSpec.fullSync());

        assertThat(argv).containsSequence("--snapshot-mode", "instant").doesNotContain("--snapshot-interval");
        assertThat(parse(argv).replication().snapshot()).isEqualTo(SnapshotMode.INSTANT);
        assertThat(parse(List.of()).replication().snapshot()).isEqualTo(SnapshotMode.INSTANT);
    }

    @Test
    void aBadIntervalOrOneWithoutModeIntervalIsRefusedNamingTheOption() {
        var zero = catchThrowableOfType(BadArgumentException.class,
                () -> parse(List.of("--snapshot-mode", "interval", "--snapshot-interval", "0ms")));
        assertThat(zero.argument()).isEqualTo("--snapshot-interval");
        assertThat(zero.getMessage()).contains("above 0s");

        var alone = catchThrowableOfType(BadArgumentException.class,
                () -> parse(List.of("--snapshot-interval", "2s")));
        assertThat(alone.argument()).isEqualTo("--snapshot-interval");
    }
}
