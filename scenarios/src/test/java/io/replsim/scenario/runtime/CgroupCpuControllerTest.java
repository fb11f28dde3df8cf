package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
