package io.replsim.scenario.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.runtime.NodeImage;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code replsim capacity --through-kill} on two node processes: every step SIGKILLs the node owning the most
 * sessions, is judged on the window after the kill with the survivor's CPU, and brings the node back before the
 * next; the search ends with an answer and says how it was found in summary.json, capacity.csv and the console.
 */
@ExtendWith(NoNodeProcessLeft.class)
class CapacityThroughKillProcessTest {
    /**
     * Two nodes of 0.5 cores (a 2-core machine's driver keeps a core: no step fails on MACHINE), sync replication to
     * all (the survivor holds every session, so none is LOST and the search has an answer), steps of a 2 s window.
     */
    private static final String SCENARIO = CapacityOneNodeDownProcessTest.SCENARIO
            .replace("name: capacity-two-nodes", "name: through-kill-two-nodes");

    /**
     * Lenient on latency, as CapacityOneNodeDownProcessTest's: this test is about the search's moves and records,
     * which ThroughKillJudgementTest judges apart. The error limit is the default's: a window of 8 to 16 requests
     * holds no failed attempt at the survivor, while the request on a dead connection of the killed node is
     * reported and not judged.
     */
    private static final CapacityCriteria LENIENT = new CapacityCriteria(CapacityCriteria.DEFAULT.statistic(),
            Duration.ofSeconds(2), 0.6, CapacityCriteria.DEFAULT.errorLimit());

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void everyStepKillsTheBusiestNodeJudgesTheSurvivorAndTheSearchAnswers(@TempDir Path dir) throws Exception {
        SearchedScenario searched = SearchedScenario.search(dir, "through-kill-two-nodes", SCENARIO,
                out -> RuntimeFactory.standard(NodeLauncher.currentJvm(), NodeImage::ofThisInstallation, out), LENIENT,
                new SearchPlan(4, 2, 0.05, 3, 8), CapacityMode.THROUGH_KILL);
        CapacitySummary summary = searched.summary();
        String printed = searched.console();

        assertThat(summary.mode()).as(printed).isEqualTo("through-kill");
        assertThat(summary.oneNodeDown()).as(printed).isNull();
        assertThat(summary.search().steps()).as(printed).isNotEmpty().allSatisfy(step -> {
            assertThat(step.kill()).isNotNull();
            assertThat(step.kill().node()).isIn("node1", "node2");
            assertThat(step.kill().countedAsLost()).isZero();
            // the survivor's CPU alone, after the kill
            assertThat(step.nodeCpu()).extracting(NodeCpu::node).containsExactly(
                    step.kill().node().equals("node1") ? "node2" : "node1");
        });
        assertThat(summary.search().usersSustained()).as(printed).isEqualTo(8);
        assertThat(printed).contains("capacity through a kill of the node owning the most sessions")
                // 2 s after the warm-up, or later on a machine busy enough to start the kill late; never before
                .containsPattern("step  1 step-up +4 users  PASS .*through a kill of node[12] at"
                        + " \\+([2-9]|[1-9]\\d)\\.\\d s")
                .containsPattern("node[12] restarted and in every view after \\d+\\.\\d s");

        Path run = Path.of(summary.runDirectory());
        List<String> csv = Files.readAllLines(run.resolve("capacity.csv"));
        assertThat(csv.getFirst()).contains(",killed_node,kill_after_s,sessions_counted_lost,sessions_stale,"
                + "failed_at_killed,failed_at_survivors,");
        assertThat(csv.subList(1, csv.size())).isNotEmpty()
                .allSatisfy(line -> assertThat(line).startsWith("through-kill,")
                        .containsPattern(",node[12],([2-9]|[1-9]\\d)\\.\\d,0,0,"));
        assertThat(Files.readString(run.resolve("summary.json"))).contains("\"mode\" : \"through-kill\"");
        assertThat(Files.readString(run.resolve(CapacityPage.FILE))).contains("through a kill in each step")
                .contains("busiest survivor CPU");
    }
}
