package io.replsim.scenario.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.report.AnomalyCounts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * A soak's directory written from fixed figures, as replsim soak leaves it (soak.json, and each drill's summary.json
 * under runs/): three drills of one kill each. Run 1 passed (new view 80 ms, failover 600 ms; 58 OK, 1 STALE, 1
 * LOST), run 2 failed (new view 120 ms, its 3 users never served again; 50 OK, 10 NEVER SERVED), run 3 passed with
 * tabs, so its sessions were not judged (new view 100 ms, failover 900 ms). Run 1 recorded no history; the checker
 * found in run 2's 1,000 requests 7 lost updates and 2 indeterminate writes applied (4 requests not judged), in run
 * 3's 500 requests 1 lost update, 3 non-monotonic reads and 1 write applied twice.
 */
public final class MadeUpSoak {
    static final String SCENARIO = "made-up-soak";

    private MadeUpSoak() {
    }

    static SoakRunner.SoakSummary summary() {
        return SoakRunner.summary(SCENARIO, 3, 0, List.of(
                drill(1, "PASS", 1, 1, 80L, 600L, 0, null),
                drill(2, "FAIL", 10, 0, 120L, null, 3, new AnomalyCounts(1000, 990, 4, 6, 7, 0, 0, 2, 0, 0, 0)),
                drill(3, "PASS", 0, 0, 100L, 900L, 0, new AnomalyCounts(500, 500, 0, 0, 1, 0, 3, 0, 0, 1, 0))), null);
    }

    /** Writes the soak's files into {@code soak} and returns it. */
    public static Path writtenTo(Path soak) throws IOException {
        ObjectMapper json = new ObjectMapper();
        json.writeValue(soak.resolve(RecordedSoak.FILE).toFile(), summary());
        writeRun(soak, 1, "{\"load\": {\"tabs\": 1}, \"sessions\": {\"ok\": 58, \"stale\": 1, \"lost\": 1,"
                + " \"corrupt\": 0, \"failed\": 0, \"expired\": 0, \"neverServed\": 0}}");
        writeRun(soak, 2, "{\"load\": {\"tabs\": 1}, \"sessions\": {\"ok\": 50, \"stale\": 0, \"lost\": 0,"
                + " \"corrupt\": 0, \"failed\": 0, \"expired\": 0, \"neverServed\": 10}}");
        writeRun(soak, 3, "{\"load\": {\"tabs\": 2}, \"sessions\": null}");
        return soak;
    }

    /** A drill's directory name as the soak's runner names it: its time, its scenario. */
    static String runName(int run) {
        return "20261129-10000" + run + "-" + SCENARIO;
    }

    private static void writeRun(Path soak, int run, String summary) throws IOException {
        Path dir = Files.createDirectories(soak.resolve("runs").resolve(runName(run)));
        Files.writeString(dir.resolve("summary.json"), summary);
    }

    private static SoakRunner.Drill drill(int run, String verdict, long lost, long stale, Long viewMs, Long failoverMs,
                                          long neverServedAgain, AnomalyCounts anomalies) {
        return new SoakRunner.Drill(run, verdict, lost, stale, 3, Arrays.asList(viewMs), Arrays.asList(failoverMs),
                neverServedAgain, null, 0, "runs/soak/runs/" + runName(run), anomalies);
    }
}
