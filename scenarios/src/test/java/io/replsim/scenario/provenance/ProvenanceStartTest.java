package io.replsim.scenario.provenance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A figure's provenance is read, not assumed: the load average once when the run begins and again when it ends
 * (two readings, not one copied), the JDK of the java a node is started with from that JDK's own release file, and
 * the scenario's hash from the bytes that were played.
 */
class ProvenanceStartTest {

    /**
     * A machine whose load average is whatever it is asked next, in turn; its probe 3.4 ms, then 5.1; its CPU times
     * 1,000 ticks with 10 stolen, then 3,000 with 110.
     */
    private static final class Readings implements Machine {
        private final Double[] loads;
        private final CpuProbe[] probes = {new CpuProbe(3.4, 3.3), new CpuProbe(5.1, 4.0)};
        private final CpuTimes[] times = {new CpuTimes(1_000, 10), new CpuTimes(3_000, 110)};
        private int asked;
        private int probed;
        private int timed;

        Readings(Double... loads) {
            this.loads = loads;
        }

        @Override
        public CpuProbe cpuProbe() {
            return probes[probed++];
        }

        @Override
        public CpuTimes cpuTimes() {
            return times[timed++];
        }

        @Override
        public int cores() {
            return 2;
        }

        @Override
        public long memoryBytes() {
            return 8L << 30;
        }

        @Override
        public Double loadAverage() {
            return loads[asked++];
        }
    }

    @Test
    void theLoadAverageIsReadBeforeAndReadAgainAfter() {
        Readings machine = new Readings(1.25, 3.5);
        ProvenanceStart start = ProvenanceStart.read(ReplsimBuild.unknown("a test"), machine, List.of());

        Provenance ended = start.end(new NodesRuntime("in-jvm", Jdk.thisJvm()));

        assertThat(machine.asked).as("one reading at the start, one at the end").isEqualTo(2);
        assertThat(ended.loadAverageBefore()).isEqualTo(1.25);
        assertThat(ended.loadAverageAfter()).isEqualTo(3.5);
        assertThat(ended.cores()).isEqualTo(2);
        assertThat(ended.memoryBytes()).isEqualTo(8L << 30);
        assertThat(ended.line()).contains("load 1.25 -> 3.50").contains("2 cores, 8.0 GB")
                .contains("nodes in-jvm on the same JDK");
    }

    @Test
    void theProbeIsTakenBeforeAndAgainAfterAndTheStealIsTheShareStolenBetween() {
        Readings machine = new Readings(1.0, 1.0);
        ProvenanceStart start = ProvenanceStart.read(ReplsimBuild.unknown("a test"), machine, List.of());

        Provenance ended = start.end(new NodesRuntime("process", Jdk.thisJvm()));

        assertThat(machine.probed).as("one probe at the start, one at the end").isEqualTo(2);
        assertThat(ended.cpuProbeBefore()).isEqualTo(new CpuProbe(3.4, 3.3));
        assertThat(ended.cpuProbeAfter()).isEqualTo(new CpuProbe(5.1, 4.0));
        assertThat(ended.stealShare()).as("100 of the 2,000 ticks between the readings").isEqualTo(0.05);
        assertThat(ended.line()).contains("probe 3.40 -> 5.10 ms, steal 5.0%");
    }

    @Test
    void theStealLineOfProcStatIsReadAndAnyOtherLineIsNot() {
        assertThat(CpuTimes.parse("cpu  3221154 3342 430718 2987564 2441 0 59285 22504 0 0"))
                .isEqualTo(new CpuTimes(3221154L + 3342 + 430718 + 2987564 + 2441 + 59285 + 22504, 22504));
        assertThat(CpuTimes.parse("cpu0 1608248 1667 215686 1495764 1324 0 29518 11382 0 0")).isNull();
        assertThat(CpuTimes.parse("cpu 1 2 3")).isNull();
        assertThat(CpuTimes.stealShare(null, new CpuTimes(10, 1))).isNull();
        assertThat(CpuTimes.stealShare(new CpuTimes(10, 1), new CpuTimes(10, 1))).as("no time passed").isNull();
    }

    @Test
    void theReferenceWorkIsTimedOnThisMachine() {
        CpuProbe probe = ReferenceWork.probe();

        assertThat(probe.wallMillis()).isPositive();
        assertThat(probe.cpuMillis()).isNotNull().isPositive();
    }

    @Test
    void aLoadAverageTheSystemDoesNotTellIsUnknownNotZero() {
        Provenance ended = ProvenanceStart.read(ReplsimBuild.unknown("a test"), new Readings(null, null), List.of())
                .end(new NodesRuntime("process", Jdk.thisJvm()));

        assertThat(ended.loadAverageBefore()).isNull();
        assertThat(ended.loadAverageAfter()).isNull();
        assertThat(ended.line()).contains("load unknown -> unknown");
    }

    @Test
    void thisMachineIsReadAsItIs() {
        ProvenanceStart start = ProvenanceStart.read(List.of());

        assertThat(start.cores()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(start.memoryBytes()).isPositive();
        assertThat(start.driverJdk()).isEqualTo(Jdk.thisJvm());
    }

    @Test
    void theJdkOfANodesJavaIsReadFromItsReleaseFileAsThatJvmReportsItself() {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");

        assertThat(Jdk.ofJava(java)).isEqualTo(Jdk.thisJvm());
    }

    @Test
    void aJavaOutsideAJdkHasAnUnknownJdkSayingWhy(@TempDir Path dir) throws Exception {
        Path java = Files.createDirectories(dir.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\n");

        Jdk unknown = Jdk.ofJava(java);

        assertThat(unknown.version()).startsWith("unknown (no release file at " + dir.toRealPath().resolve("release"));
        assertThat(unknown.vendor()).isEqualTo("unknown");
    }

    @Test
    void aScenarioIsHashedFromTheBytesThatWerePlayed(@TempDir Path dir) throws Exception {
        Path given = Files.writeString(dir.resolve("given.yaml"), "name: edited-after\n");
        Path played = Files.writeString(dir.resolve("scenario.yaml"), "name: played\n");

        ScenarioHash hash = ScenarioHash.of(given, played);

        assertThat(hash.file()).isEqualTo(given.toString());
        assertThat(hash.sha256()).as("sha256sum of the played copy, not of the file as it is now")
                .isEqualTo("f7a92d980de1ce848f258ac109cd08cfd26224217f24ab1bbd74adc2482be48e");
    }
}
