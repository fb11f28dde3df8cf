package io.replsim.scenario.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A soak's console printed again from its soak.json: a drill soak.json does not name broke (its reason, not
 * recorded there, is in soak.log), and the summary counts it.
 */
class RecordedSoakConsoleTest {

    @TempDir
    Path dir;

    @Test
    void aDrillThatBrokeIsPrintedAsBrokenInItsPlace() throws Exception {
        SoakRunner.Drill second = new SoakRunner.Drill(2, "PASS", 0, 0, 3, List.of(90L), List.of(700L), 0, null, 0,
                "runs/soak/runs/" + MadeUpSoak.runName(2), null);
        new ObjectMapper().writeValue(dir.resolve(RecordedSoak.FILE).toFile(),
                SoakRunner.summary("one-broke", 2, 1, List.of(second), null));
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        RecordedSoak.read(dir).printSummary(new PrintStream(printed, true, StandardCharsets.UTF_8));

        assertThat(printed.toString(StandardCharsets.UTF_8)).startsWith(
                "soak 1/2: the run broke: its reason is in soak.log\n"
                        + "soak 2/2: PASS, 0 lost, 0 stale, new view [90 ms], failover [700 ms]; history not recorded\n"
                        + "\n== soak one-broke: FAIL, 1 of 2 drills passed (1 broke) ==\n")
                .contains("made by   not recorded (a soak.json from before replsim wrote it)\n");
    }
}
