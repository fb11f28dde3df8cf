package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.replication.PartitionHandlingSpec;
import io.replsim.replication.PartitionMergePolicy;
import io.replsim.replication.PartitionWhenSplit;
import org.junit.jupiter.api.Test;

/** {@code replication.partitionHandling}: Infinispan's own policies, read under the infinispan engine only. */
class PartitionHandlingSpecTest {
    private static final String HEAD = """
            name: split
            cluster: {nodes: 3}
            load: {users: 10, thinkTime: 1s, duration: 60s}
            """;

    @Test
    void infinispansOwnDefaultsUnlessTheFileNamesAPolicy() throws Exception {
        assertThat(ScenarioLoader.parse(HEAD + "replication: {engine: infinispan}\n", Scenarios.SOURCE).replication()
                .partitionHandling()).isEqualTo(new PartitionHandlingSpec(PartitionWhenSplit.ALLOW_READ_WRITES,
                PartitionMergePolicy.NONE));
        assertThat(ScenarioLoader.parse(HEAD + """
                replication:
                  engine: infinispan
                  partitionHandling: {whenSplit: deny-read-writes, mergePolicy: preferred-non-null}
                """, Scenarios.SOURCE).replication().partitionHandling())
                .isEqualTo(new PartitionHandlingSpec(PartitionWhenSplit.DENY_READ_WRITES,
                        PartitionMergePolicy.PREFERRED_NON_NULL));
    }

    @Test
    void underTheJgroupsEngineOrWithAnUnknownPolicyItIsRefusedAtItsField() {
        var underJgroups = problemsOf(HEAD + "replication: {partitionHandling: {whenSplit: deny-read-writes}}\n");
        assertThat(underJgroups).extracting(SpecProblem::path).containsExactly("replication.partitionHandling");
        assertThat(underJgroups.getFirst().toString()).contains("infinispan");
        assertThat(problemsOf(HEAD + "replication: {engine: infinispan, partitionHandling: {whenSplit: deny}}\n"))
                .extracting(SpecProblem::path).containsExactly("replication.partitionHandling.whenSplit");
        assertThat(problemsOf(HEAD + "replication: {engine: infinispan, partitionHandling: {mergePolicy: newest}}\n"))
                .extracting(SpecProblem::path).containsExactly("replication.partitionHandling.mergePolicy");
    }
}
