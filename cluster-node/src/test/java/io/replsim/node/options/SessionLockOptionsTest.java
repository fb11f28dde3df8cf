package io.replsim.node.options;

import io.replsim.node.settings.ReplicationSettings;
import io.replsim.replication.EngineKind;
import io.replsim.replication.GranularityKind;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionLock;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * {@code replication.sessionLock} crosses to the node as {@code --session-lock}: the per-session lock by default
 * (written only when it is none), and none only where a request stores the whole session it found, under session
 * granularity on the jgroups engine.
 */
class SessionLockOptionsTest {

    @Test
    void noLockReachesTheNodeUnchanged() {
        var spec = ReplicationSpec.builder().sessionLock(SessionLock.NONE).build();
        List<String> argv = ReplicationSettings.GROUP.arguments(spec);

        assertThat(argv).containsSequence("--session-lock", "none");
        assertThat(NodeArgv.parse(argv).replication()).isEqualTo(spec);
    }

    @Test
    void thePerSessionLockIsTheDefault() {
        assertThat(ReplicationSettings.GROUP.arguments(ReplicationSpec.fullSync())).doesNotContain("--session-lock");
        assertThat(NodeArgv.parse(List.of()).replication().sessionLock()).isEqualTo(SessionLock.PER_SESSION);
        assertThat(NodeArgv.parse(List.of("--session-lock", "per-session")).replication().sessionLock())
                .isEqualTo(SessionLock.PER_SESSION);
    }

    @Test
    void noLockUnderAttributeGranularityOrInfinispanIsRefusedNamingTheOption() {
        var attribute = catchThrowableOfType(BadArgumentException.class, () -> NodeArgv.parse(List.of(
                "--session-lock", "none", "--granularity", GranularityKind.ATTRIBUTE.label())));
        assertThat(attribute.argument()).isEqualTo("--session-lock");
        assertThat(attribute.getMessage()).contains("not built yet").contains("--granularity session");

        var infinispan = catchThrowableOfType(BadArgumentException.class, () -> NodeArgv.parse(List.of(
                "--session-lock", "none", "--engine", EngineKind.INFINISPAN.label())));
        assertThat(infinispan.argument()).isEqualTo("--session-lock");
        assertThat(infinispan.getMessage()).contains("--engine jgroups");
    }
}
