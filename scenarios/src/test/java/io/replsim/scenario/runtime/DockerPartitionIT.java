package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.model.Event;
import com.github.dockerjava.api.model.EventType;
import io.replsim.scenario.report.FaultReport;
import io.replsim.scenario.report.RunSummary;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
        List<Event> events = new CopyOnWriteArrayList<>();
        DockerScenarioRun run;
        // Read as they happen: the engine keeps only its last 256 events for a later query, which the other
        // container tests' JVM's runs push out of it
        try (ResultCallback.Adapter<Event> watch = docker.eventsCmd()
                .withEventTypeFilter(EventType.NETWORK, EventType.CONTAINER).exec(new ResultCallback.Adapter<>() {
                    @Override
                    public void onNext(Event event) {
                        events.add(event);
                    }
                })) {
            watch.awaitStarted(30, TimeUnit.SECONDS);
            // the cut at 8 s and the heal at 16 s of the 30 s run: in the stream long before the run returns
            run = DockerScenarioRun.of(dir, "docker-partition", SCENARIO);
        }
        List<String> actions = networkActions(events);
        RunSummary summary = run.outcome().summary();
        String printed = run.printed();

        FaultReport partition = summary.faults().getFirst();
        assertThat(partition.type()).isEqualTo("partition");
        String cutOff = partition.nodes().getFirst();
        // The run's own teardown disconnects every container too, after the heal's connect.
        assertThat(actions).as("network events of the run: %s\n%s", actions, printed).isNotEmpty();
        String firstCut = actions.stream().filter(action -> action.startsWith("disconnect ")).findFirst()
                .orElseThrow(() -> new AssertionError("no network disconnect in " + actions));
        assertThat(firstCut).as("the first disconnect is the cut-off node's, in %s", actions).endsWith("-" + cutOff);
        assertThat(actions).as("cut off, then connected again at the heal")
                .containsSubsequence(firstCut, "connect " + firstCut.substring("disconnect ".length()));
        assertThat(partition.viewChangeMs()).as("the others installed a view without %s\n%s", cutOff, printed)
                .isNotNull();
        assertThat(partition.backInViewMs()).as("%s merged back after the heal\n%s", cutOff, printed).isNotNull();
        assertThat(summary.sessions().lost()).as(printed).isZero();
        DockerScenarioRun.assertNothingLeftBehind();
    }

    /**
     * "disconnect replsim-1a2b3c4d-node3": what the engine did on a replsim network to the containers this JVM created
     * while it was watched, each named by the event that created it (the containers are gone by now).
     */
    private static List<String> networkActions(List<Event> events) {
        // A container event's attributes hold the container's labels: this JVM's runs' containers carry its pid
        // (the container tests run in two JVMs side by side, the other's runs on the same engine)
        String ownPid = Long.toString(ProcessHandle.current().pid());
        Map<String, String> names = new HashMap<>();
        events.stream().filter(event -> event.getType() == EventType.CONTAINER && "create".equals(event.getAction()))
                .filter(event -> ownPid.equals(event.getActor().getAttributes().get(DockerRuntime.LABEL_OWNER_PID)))
                .forEach(event -> names.put(event.getId(), event.getActor().getAttributes().get("name")));
        return events.stream()
                .filter(event -> event.getType() == EventType.NETWORK)
                .filter(event -> event.getActor().getAttributes().getOrDefault("name", "").startsWith("replsim-"))
                .filter(event -> "connect".equals(event.getAction()) || "disconnect".equals(event.getAction()))
                // Only this JVM's containers created while watched: not the teardown of a run before it
                .filter(event -> names.containsKey(event.getActor().getAttributes().get("container")))
                .map(event -> event.getAction() + " " + names.get(event.getActor().getAttributes().get("container")))
                .toList();
    }
}
