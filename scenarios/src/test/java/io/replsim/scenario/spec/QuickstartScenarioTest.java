package io.replsim.scenario.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.think.ThinkTime;
import io.replsim.node.settings.NodeResources;
import io.replsim.replication.ReplicationSpec;
import io.replsim.settings.DataSize;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class QuickstartScenarioTest {

    // Surefire runs in the module directory, next to the quickstart file users pass to ./replsim run.
    private static final Path QUICKSTART = Path.of("quickstart.yaml");

    @Test
    void quickstartLoadsAsTheDocumentedScenario() throws SpecException {
        ScenarioSpec spec = ScenarioLoader.load(QUICKSTART);

        assertThat(spec).isEqualTo(new ScenarioSpec(
                "quickstart",
                "3 nodes, full synchronous replication, the primary of the most sessions killed under load",
                ClusterSpec.processes(3, NodeResources.SCENARIO_DEFAULTS, DataSize.parse("256m")),
                ReplicationSpec.fullSync(),
                new WorkloadSpec(App.COUNTER, DataSize.parse("4KB")),
                new LoadSpec(LoadProfile.builder("/counter").users(60)
                        .thinkTime(new ThinkTime.Fixed(Duration.ofMillis(500))).rampUp(Duration.ofSeconds(5))
                        .duration(Duration.ofSeconds(30)).build(), Optional.empty(), false),
                List.of(new KillSpec(Duration.ofSeconds(15), new NodeSelector.PrimaryOfMost())),
                List.of(new Check.MaxSessionsLost(0),
                        new Check.MaxSessionsStale(0),
                        new Check.LatencyBelow(90, Duration.ofMillis(800)),
                        new Check.MaxViewChange(Duration.ofSeconds(2)),
                        new Check.MaxFailover(Duration.ofSeconds(5))),
                CapacitySettings.DEFAULT, List.of(), 1, Optional.empty()));
    }

    @Test
    void quickstartKillFallsAfterRampUpWithTimeLeftToWatchTheFailover() throws SpecException {
        ScenarioSpec spec = ScenarioLoader.load(QUICKSTART);
        Duration kill = spec.faults().getFirst().at();

        assertThat(kill).isGreaterThan(spec.load().rampUp());
        assertThat(spec.load().duration().minus(kill))
                .isGreaterThanOrEqualTo(((Check.MaxFailover) spec.checks().getLast()).max().multipliedBy(2));
    }

    @Test
    void quickstartNodesFitInTwoCores() throws SpecException {
        ClusterSpec cluster = ScenarioLoader.load(QUICKSTART).cluster();

        assertThat(cluster.nodes() * cluster.cpuBudgetCores()).isLessThanOrEqualTo(2.0);
    }
}
