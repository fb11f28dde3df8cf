package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.report.CpuInterval;
import io.replsim.scenario.report.RecordedRun;
import io.replsim.scenario.report.chart.Palette;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A node killed and restarted during the load: the CPU its report.html draws has its first process's readings before
 * the kill and its new process's after the restart, one series with a gap. On node processes: a node's CPU is its
 * own process's, which a restart starts again from zero (nodes in one JVM all read that JVM's CPU, restart or not).
 */
@ExtendWith(NoNodeProcessLeft.class)
class RestartedNodeCpuProcessTest {
    private static final String RESTART = """
            name: restarted-cpu
            cluster: {nodes: 2, workers: 8, heap: 128m}
            replication: {placement: all, granularity: session, delivery: sync}
            load: {users: 4, thinkTime: 200ms, rampUp: 500ms, duration: 14s}
            faults:
              - {type: kill, at: 3s, target: node2}
              - {type: restart, at: 5s, target: node2}
            """;

    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aRestartedNodesCpuHasBothItsProcessesReadingsWithAGap(@TempDir Path dir) throws Exception {
        PlayedScenario played = PlayedScenario.play(dir, "restarted-cpu", RESTART);
        List<CpuInterval> node2 = RecordedRun.read(played.directory()).timeline().nodeCpu().get("node2");
        long killMs = played.summary().faults().getFirst().atMs();
        long restartMs = played.summary().faults().get(1).atMs();

        assertThat(node2).as(played.console()).anySatisfy(interval -> assertThat(interval.toMs())
                .isLessThanOrEqualTo(killMs));
        assertThat(node2).as(played.console()).anySatisfy(interval -> assertThat(interval.fromMs())
                .isGreaterThanOrEqualTo(restartMs));
        assertThat(node2).as("no interval across the time node2 was down").noneSatisfy(interval -> {
            assertThat(interval.fromMs()).isLessThan(killMs);
            assertThat(interval.toMs()).isGreaterThan(restartMs);
        });
        String page = Files.readString(played.directory().resolve("report.html"));
        String cpu = page.substring(page.indexOf("<svg class=\"chart node-cpu\""));
        cpu = cpu.substring(0, cpu.indexOf("</svg>"));
        // node2 is the chart's second series: a line (or a dot, for one interval) on each side of the gap
        assertThat(Pattern.compile("<(polyline|circle class=\"cpu\")[^>]*stroke=\"" + Palette.colour(1) + "\"")
                .matcher(cpu).results().count()).as(played.console() + cpu).isEqualTo(2);
    }
}
