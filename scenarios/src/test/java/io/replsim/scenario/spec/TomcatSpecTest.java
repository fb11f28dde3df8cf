package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.pathsOf;
import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code cluster.runtime: tomcat}: the tomcat section, the replication section mapped onto it where the meaning is
 * the same, and what Tomcat has no equivalent for refused at its field's path.
 */
class TomcatSpecTest {
    private static final String LOAD = "load: {users: 10, thinkTime: 1s, duration: 10s}\n";

    private static ScenarioSpec load(String sections) throws SpecException {
        return ScenarioLoader.parse("name: x\ncluster: {nodes: 3, runtime: tomcat}\n" + sections + LOAD,
                Scenarios.SOURCE);
    }

    @Test
    void withoutATomcatSectionItIsTomcatsDefaultsDeltaAndAsync() throws Exception {
        assertThat(load("").tomcat()).contains(TomcatSpec.DEFAULT)
                .contains(new TomcatSpec(TomcatManager.DELTA, TomcatReplication.ASYNC));
    }

    @Test
    void theTomcatSectionNamesManagerAndReplication() throws Exception {
        assertThat(load("tomcat: {manager: backup, replication: sync}\n").tomcat())
                .contains(new TomcatSpec(TomcatManager.BACKUP, TomcatReplication.SYNC));
    }

    @Test
    void theReplicationSectionMapsWhereTheMeaningIsTheSame() throws Exception {
        assertThat(load("replication: {placement: buddies, buddies: 1, delivery: sync}\n").tomcat())
                .contains(new TomcatSpec(TomcatManager.BACKUP, TomcatReplication.SYNC));
        assertThat(load("replication: {placement: all, delivery: async}\n").tomcat())
                .contains(new TomcatSpec(TomcatManager.DELTA, TomcatReplication.ASYNC));
        assertThat(load("replication: {placement: all}\ntomcat: {manager: delta, replication: sync}\n").tomcat())
                .contains(new TomcatSpec(TomcatManager.DELTA, TomcatReplication.SYNC));
    }

    @Test
    void whatTomcatHasNoEquivalentForIsRefusedAtItsPath() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 3, runtime: tomcat}
                replication: {placement: buddies, buddies: 2, granularity: attribute, trigger: set, syncTimeout: 3s,
                              engine: infinispan}
                """ + LOAD);
        assertThat(pathsOf(problems)).containsExactly("replication.buddies", "replication.granularity",
                "replication.trigger", "replication.syncTimeout", "replication.engine");
        assertThat(problems.getFirst().expected()).contains("BackupManager keeps exactly one backup");
        assertThat(problems.get(1).expected()).startsWith("nothing with cluster.runtime tomcat:");
    }

    @Test
    void aReplicationSectionThatContradictsTheTomcatSectionIsRefused() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 3, runtime: tomcat}
                replication: {placement: all, delivery: sync}
                tomcat: {manager: backup, replication: async}
                """ + LOAD);
        assertThat(problems).containsExactly(
                new SpecProblem("replication.placement", "all", "buddies, as tomcat.manager backup means, or leave"
                        + " placement out"),
                new SpecProblem("replication.delivery", "sync", "async, as tomcat.replication says, or leave delivery"
                        + " out"));
    }

    @Test
    void aTomcatSectionWithAnotherRuntimeOrABadValueIsAProblem() {
        assertThat(problemsOf("name: x\ncluster: {nodes: 3}\ntomcat: {manager: delta}\n" + LOAD))
                .containsExactly(new SpecProblem("tomcat", "{manager: delta}", "no tomcat section unless"
                        + " cluster.runtime is tomcat"));
        assertThat(pathsOf(problemsOf("name: x\ncluster: {nodes: 3, runtime: tomcat}\ntomcat: {manager: lazy}\n"
                + LOAD))).containsExactly("tomcat.manager");
    }

    @Test
    void theSideBySideScenariosLoadAsTheyAreNamed() throws Exception {
        assertThat(ScenarioLoader.load(java.nio.file.Path.of("tomcat-delta-async.yaml")).tomcat())
                .contains(new TomcatSpec(TomcatManager.DELTA, TomcatReplication.ASYNC));
        assertThat(ScenarioLoader.load(java.nio.file.Path.of("tomcat-backup-sync.yaml")).tomcat())
                .contains(new TomcatSpec(TomcatManager.BACKUP, TomcatReplication.SYNC));
        ScenarioSpec allAsync = ScenarioLoader.load(java.nio.file.Path.of("peer-all-async.yaml"));
        assertThat(allAsync.replication().placement()).isInstanceOf(io.replsim.replication.Placement.AllMembers.class);
        assertThat(allAsync.replication().delivery()).isEqualTo(io.replsim.replication.DeliveryKind.ASYNC);
        assertThat(allAsync.load()).isEqualTo(ScenarioLoader.load(java.nio.file.Path.of("tomcat-delta-async.yaml"))
                .load());
        ScenarioSpec twin = ScenarioLoader.load(java.nio.file.Path.of("peer-buddies-sync.yaml"));
        assertThat(twin.replication().placement()).isInstanceOf(io.replsim.replication.Placement.Buddies.class);
        assertThat(twin.load()).isEqualTo(ScenarioLoader.load(java.nio.file.Path.of("tomcat-backup-sync.yaml")).load());
        assertThat(twin.workload()).isEqualTo(ScenarioLoader.load(java.nio.file.Path.of("tomcat-backup-sync.yaml"))
                .workload());
        assertThat(twin.faults()).isEqualTo(ScenarioLoader.load(java.nio.file.Path.of("tomcat-backup-sync.yaml"))
                .faults());
    }

    @Test
    void theOtherRuntimesHaveNoTomcat() throws Exception {
        assertThat(ScenarioLoader.parse("name: x\ncluster: {nodes: 2}\n" + LOAD, Scenarios.SOURCE).tomcat())
                .isEqualTo(Optional.empty());
    }
}
