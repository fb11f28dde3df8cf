package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code replsim soak} of a Tomcat drill (the slow tier, {@code ./replsim test tomcat}: two Tomcat JVMs a drill):
 * each drill on fresh members through the one entry, a soak that command used to refuse. Tomcat tells replsim no
 * views, so the soak's new-view distribution is not measured rather than a "never" per fault.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class TomcatSoakDrill {

    private static final String DRILL = """
            name: tomcat-soak
            cluster: {nodes: 2, heap: 192m, runtime: tomcat}
            tomcat: {manager: delta, replication: sync}
            workload:
              app: profile
              profile: {attributes: 4, attributeSize: 1KB, modifiedShare: 0.25}
            load: {users: 10, thinkTime: 200ms, rampUp: 1s, duration: 8s, requestTimeout: 5s}
            faults:
              - {type: kill, at: 4s, target: primary-of-most}
            checks: {maxSessionsLost: 0, maxFailover: 5s}
            """;

    @Test
    void aSoakOfTomcatMembersPlaysEachDrillOnFreshMembersAndHoldsOnItsFailovers(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("tomcat-soak.yaml"), DRILL);
        Path runs = dir.resolve("runs");

        ReplsimCall soaked = ReplsimCall.of("soak", file.toString(), "--repeat", "2", "--runs-dir", runs.toString(),
                "--accept-invalid");

        assertThat(soaked.exit()).as(soaked.out() + soaked.err()).isZero();
        assertThat(soaked.out()).contains("soak 1/2: PASS", "soak 2/2: PASS", "new view  not measured");
        Path soakDir;
        try (Stream<Path> made = Files.list(runs)) {
            soakDir = made.findFirst().orElseThrow();
        }
        JsonNode soak = new ObjectMapper().readTree(soakDir.resolve("soak.json").toFile());
        assertThat(soak.get("passed").asInt()).isEqualTo(2);
        assertThat(soak.at("/viewChangeMs/count").asInt()).as("views not read: no fault counts as never").isZero();
        assertThat(soak.at("/failoverMs/count").asInt()).isEqualTo(2);
        assertThat(soak.at("/failoverMs/never").asInt()).isZero();
        try (Stream<Path> drills = Files.list(soakDir.resolve("runs"))) {
            assertThat(drills.filter(TomcatSoakDrill::survivorWasRead).count())
                    .as("each drill on its own Tomcat members, the survivor read after the load").isEqualTo(2);
        }
        assertThat(ProcessHandle.current().descendants().filter(ProcessHandle::isAlive).toList())
                .as("Tomcat processes left running").isEmpty();
    }

    private static boolean survivorWasRead(Path run) {
        try (Stream<Path> nodes = Files.list(run.resolve("nodes"))) {
            return nodes.anyMatch(file -> file.getFileName().toString().endsWith("-tomcat.json"));
        } catch (IOException e) {
            return false;
        }
    }
}
