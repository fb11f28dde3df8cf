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

    /** A machine whose load average is whatever it is asked next, in turn. */
    private static final class Readings implements Machine {
        private final Double[] loads;
        private int asked;

        Readings(Double... loads) {
            this.loads = loads;
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
