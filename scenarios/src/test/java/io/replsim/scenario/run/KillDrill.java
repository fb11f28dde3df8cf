package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.report.FaultReport;
import java.nio.file.Path;
import java.time.Duration;

/**
 * One SIGKILL under load on three node JVMs, for the drills of failure detection ({@link FailureDetectionDrill},
 * {@link HeartbeatDetectionDrill}, {@link FailoverNextDrill}): each drill a class of its own, so the slow tier's
 * test JVMs play them side by side instead of one after another.
 */
final class KillDrill {
    /** Clock and log granularity between the runner's kill stamp and the nodes' view stamps. */
    static final Duration EARLY_MARGIN = Duration.ofMillis(100);
    /** The coordinator's view installation and a loaded 2-core machine's scheduling delays. */
    static final Duration LATE_MARGIN = Duration.ofMillis(1_500);

    private static final String DRILL = """
            name: %s
            cluster: {nodes: 3, workers: 8, cpuBudget: 0.66, heap: 128m}
            replication: {placement: all, delivery: sync}
            load: {users: 30, thinkTime: 200ms, rampUp: 2s, duration: %s}
            faults:
              - {type: kill, at: 8s, target: %s}
            %s
            """;

    private KillDrill() {
    }

    /** Plays the drill with {@code sections} added to the scenario and returns its one fault's report. */
    static FaultReport play(Path dir, String name, String duration, String target, String sections)
            throws Exception {
        PlayedScenario played = PlayedScenario.play(dir, name, DRILL.formatted(name, duration, target, sections));
        assertThat(played.summary().faults()).as(played.console()).singleElement();
        FaultReport kill = played.summary().faults().getFirst();
        System.out.println(name + ": new view after " + kill.viewChangeMs() + " ms, users moved to "
                + kill.movedTo());
        System.out.println(played.console());
        return kill;
    }
}
