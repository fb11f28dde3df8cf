package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Event;
import com.github.dockerjava.api.model.EventType;
import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.report.RunSummary;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * A partition in containers is the cut-off node's container taken off the run's Docker network and put back: the
 * engine's own network events must show both, the others must install a view without it, and MERGE3 must bring
 * it back into one view after the heal, with no session lost.
 */
class DockerPartitionIT {
    private static final String SCENARIO = """
            name: docker-partition
            cluster:
              runtime: docker
              nodes: 3
              workers: 8
              cpuBudget: 0.66
              heap: 128m
            load:
              users: 15
              thinkTime: 300ms
              rampUp: 2s
              duration: 30s
            faults:
              - type: partition
                at: 8s
                target: primary-of-most
                for: 8s
            checks:
              maxSessionsLost: 0
            """;

    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES)
    void theCutOffContainerLeavesTheNetworkAndMergesBackAfterTheHeal(@TempDir Path dir) throws Exception {
        DockerClient docker = DockerClientFactory.instance().client();
        // "disconnect /replsim-1a2b3c4d-node3": what the engine did to which container, named while it still exists.
        List<String> actions = new CopyOnWriteArrayList<>();
        DockerScenarioRun run;
        try (var events = docker.eventsCmd()
                .withSince(Long.toString(Instant.now().getEpochSecond()))
                .withEventTypeFilter(EventType.NETWORK).withEventFilter("disconnect", "connect")
                .exec(new ResultCallback.Adapter<Event>() {
                    @Override
                    public void onNext(Event event) {
                        var attributes = event.getActor() == null ? null : event.getActor().getAttributes();
                        if (attributes != null && attributes.getOrDefault("name", "").startsWith("replsim-")) {
                            actions.add(event.getAction() + " " + docker.inspectContainerCmd(
                                    attributes.get("container")).exec().getName());
                        }
                    }
                })) {
            run = DockerScenarioRun.of(dir, "docker-partition", SCENARIO);
        }
        RunSummary summary = run.outcome().summary();
        String printed = run.printed();

        FaultReport partition = summary.faults().getFirst();
        assertThat(partition.type()).isEqualTo("partition");
        String cutOff = partition.nodes().getFirst();
        List<String> cuts = actions.stream().filter(action -> action.startsWith("disconnect ")).toList();
        assertThat(cuts).as("network disconnects seen by the engine: %s\n%s", actions, printed).singleElement()
                .satisfies(cut -> assertThat(cut).endsWith("-" + cutOff));
        String container = cuts.getFirst().substring("disconnect ".length());
        assertThat(actions).as("the container is connected again after the heal")
                .containsSubsequence(cuts.getFirst(), "connect " + container);
        assertThat(partition.viewChangeMs()).as("the others installed a view without %s\n%s", cutOff, printed)
                .isNotNull();
        assertThat(partition.backInViewMs()).as("%s merged back after the heal\n%s", cutOff, printed).isNotNull();
        assertThat(summary.sessions().lost()).as(printed).isZero();
        DockerScenarioRun.assertNothingLeftBehind();
    }
}
