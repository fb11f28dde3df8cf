package io.replsim.node.options;

import io.replsim.node.settings.ReplicationSettings;
import io.replsim.replication.EngineKind;
import io.replsim.replication.PartitionHandlingSpec;
import io.replsim.replication.PartitionMergePolicy;
import io.replsim.replication.PartitionWhenSplit;
import io.replsim.replication.ReplicationSpec;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** {@code replication.partitionHandling} crosses to an infinispan node as two options, and to no jgroups node. */
class PartitionHandlingOptionsTest {

    private static final List<String> OWN = List.of("--name", "node1", "--cluster", "c", "--http-port", "18081",
            "--admin-port", "18181", "--jgroups-port", "18281", "--members", "127.0.0.1[18281]");

    @Test
    void anInfinispanNodeGetsThePoliciesItsScenarioNames() {
        var spec = ReplicationSpec.builder().engine(EngineKind.INFINISPAN)
                .partitionHandling(new PartitionHandlingSpec(PartitionWhenSplit.ALLOW_READS,
                        PartitionMergePolicy.REMOVE_ALL)).build();
        List<String> argv = new ArrayList<>(OWN);
        argv.addAll(ReplicationSettings.GROUP.arguments(spec));

        NodeOptions node = new NodeOptionsParser().parse(argv.toArray(String[]::new));

        assertThat(argv).containsSequence("--partition-when-split", "allow-reads")
                .containsSequence("--partition-merge-policy", "remove-all");
        assertThat(node.replication()).isEqualTo(spec);
    }

    @Test
    void aJgroupsNodeIsGivenNoneAndRefusesThem() {
        assertThat(ReplicationSettings.GROUP.arguments(ReplicationSpec.fullSync()))
                .doesNotContain("--partition-when-split", "--partition-merge-policy");
        List<String> argv = new ArrayList<>(OWN);
        argv.addAll(List.of("--partition-when-split", "deny-read-writes"));

        var bad = catchThrowableOfType(BadArgumentException.class,
                () -> new NodeOptionsParser().parse(argv.toArray(String[]::new)));

        assertThat(bad.argument()).isEqualTo("--partition-when-split");
        assertThat(bad.getMessage()).contains("--engine infinispan");
    }
}
