package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CgroupCpuControllerTest {

    private static final String V1_CPU = "35 25 0:30 / /sys/fs/cgroup/cpu rw,relatime shared:12 - cgroup cgroup rw,cpu\n";
    private static final String V1_CPUACCT = "36 25 0:31 / /sys/fs/cgroup/cpuacct rw - cgroup cgroup rw,cpuacct\n";
    private static final String PROC = "22 1 0:5 / /proc rw,nosuid - proc proc rw\n";

    @Test
    void aV1MountWithTheCpuOptionIsChosenBeforeACgroup2One(@TempDir Path dir) throws Exception {
        Path unified = Files.createDirectories(dir.resolve("unified"));
        Files.writeString(unified.resolve("cgroup.controllers"), "cpu io memory\n");
        Path mountinfo = Files.writeString(dir.resolve("mountinfo"), PROC + V1_CPUACCT
                + "40 25 0:35 / " + unified + " rw - cgroup2 cgroup2 rw\n" + V1_CPU);

        assertThat(CgroupCpuController.find(mountinfo))
                .isEqualTo(new CgroupCpuController(Path.of("/sys/fs/cgroup/cpu"), CgroupCpuController.Version.V1));
    }

    @Test
    void aCgroup2MountIsUsedOnlyWhenItOffersCpu(@TempDir Path dir) throws Exception {
        Path withCpu = Files.createDirectories(dir.resolve("with cpu"));
        Files.writeString(withCpu.resolve("cgroup.controllers"), "cpuset cpu io memory pids\n");
        Path mountinfo = Files.writeString(dir.resolve("mountinfo"), PROC
                + "40 25 0:35 / " + withCpu.toString().replace(" ", "\\040") + " rw - cgroup2 cgroup2 rw\n");

        assertThat(CgroupCpuController.find(mountinfo))
                .isEqualTo(new CgroupCpuController(withCpu, CgroupCpuController.Version.V2));
    }

    @Test
    void noControllerIsAnExplainedRefusal(@TempDir Path dir) throws Exception {
        Path bare = Files.createDirectories(dir.resolve("unified"));
        Files.writeString(bare.resolve("cgroup.controllers"), "\n");  // this machine's cgroup2: no controllers
        Path mountinfo = Files.writeString(dir.resolve("mountinfo"), PROC + V1_CPUACCT
                + "40 25 0:35 / " + bare + " rw - cgroup2 cgroup2 rw\n");

        assertThatThrownBy(() -> CgroupCpuController.find(mountinfo))
                .isInstanceOf(CgroupUnavailableException.class)
                .hasMessageContaining("no cgroup CPU controller").hasMessageContaining("cgroup2 mount offering cpu");
    }

    @Test
    void quotasAreWrittenInEachVersionsFormat(@TempDir Path dir) throws Exception {
        Path v1 = Files.createDirectories(dir.resolve("v1"));
        Path v2 = Files.createDirectories(dir.resolve("v2"));

        new CgroupCpuController(dir, CgroupCpuController.Version.V1).limit(v1, 0.66);
        new CgroupCpuController(dir, CgroupCpuController.Version.V2).limit(v2, 0.66);

        assertThat(Files.readString(v1.resolve("cpu.cfs_period_us"))).isEqualTo("100000");
        assertThat(Files.readString(v1.resolve("cpu.cfs_quota_us"))).isEqualTo("66000");
        assertThat(Files.readString(v2.resolve("cpu.max"))).isEqualTo("66000 100000");
    }

    @Test
    void aQuotaIsTakenAwayInEachVersionsFormat(@TempDir Path dir) throws Exception {
        Path v1 = Files.createDirectories(dir.resolve("v1"));
        Path v2 = Files.createDirectories(dir.resolve("v2"));
        var v1Controller = new CgroupCpuController(dir, CgroupCpuController.Version.V1);
        var v2Controller = new CgroupCpuController(dir, CgroupCpuController.Version.V2);
        v1Controller.limit(v1, 0.66);
        v2Controller.limit(v2, 0.66);

        v1Controller.unlimit(v1);
        v2Controller.unlimit(v2);

        assertThat(Files.readString(v1.resolve("cpu.cfs_quota_us"))).isEqualTo("-1");
        assertThat(Files.readString(v2.resolve("cpu.max"))).isEqualTo("max 100000");
    }

    @Test
    void aReleasedNodesGroupHasNoQuotaAndTheOthersKeepTheirs(@TempDir Path dir) throws Exception {
        var groups = CpuQuotaGroups.open(new CgroupCpuController(dir, CgroupCpuController.Version.V2), 0.66,
                new PrintStream(OutputStream.nullOutputStream()));
        groups.place("node1", 101);
        groups.place("node2", 102);

        groups.release("node2");

        assertThat(Files.readString(groups.groupOf("node1").orElseThrow().resolve("cpu.max"))).isEqualTo("66000 100000");
        assertThat(Files.readString(groups.groupOf("node2").orElseThrow().resolve("cpu.max"))).isEqualTo("max 100000");
    }
}
