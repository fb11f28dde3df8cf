package io.replsim.node.options;

import io.replsim.node.settings.ReplicationSettings;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SnapshotMode;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * {@code replication.snapshotMode} and {@code snapshotInterval} cross to the node as {@code --snapshot-mode} and
 * {@code --snapshot-interval}; the interval only with mode interval.
 */
class SnapshotModeOptionsTest {

    @Test
    void anIntervalReachesTheNodeUnchanged() {
        var spec = ReplicationSpec.builder().snapshot(new SnapshotMode.Interval(Duration.ofMillis(750)))
                .build();
        List<String> argv = ReplicationSettings.GROUP.arguments(spec);

        assertThat(argv).containsSequence("--snapshot-mode", "interval").containsSequence("--snapshot-interval", "750ms");
        assertThat(NodeArgv.parse(argv).replication()).isEqualTo(spec);
    }

    @Test
    void instantIsTheDefaultAndCarriesNoInterval() {
        List<String> argv = ReplicationSettings.GROUP.arguments(ReplicationSpec.fullSync());

        assertThat(argv).containsSequence("--snapshot-mode", "instant").doesNotContain("--snapshot-interval");
        assertThat(NodeArgv.parse(argv).replication().snapshot()).isEqualTo(SnapshotMode.INSTANT);
        assertThat(NodeArgv.parse(List.of()).replication().snapshot()).isEqualTo(SnapshotMode.INSTANT);
    }

    @Test
    void aBadIntervalOrOneWithoutModeIntervalIsRefusedNamingTheOption() {
        var zero = catchThrowableOfType(BadArgumentException.class,
                () -> NodeArgv.parse(List.of("--snapshot-mode", "interval", "--snapshot-interval", "0ms")));
        assertThat(zero.argument()).isEqualTo("--snapshot-interval");
        assertThat(zero.getMessage()).contains("above 0s");

        var alone = catchThrowableOfType(BadArgumentException.class,
                () -> NodeArgv.parse(List.of("--snapshot-interval", "2s")));
        assertThat(alone.argument()).isEqualTo("--snapshot-interval");
    }
}
