package io.replsim.node.stats;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class CpuQuotaStatTest {

    @TempDir
    Path dir;

    @Test
    void readsTheV1CpuControllersGroupInNanosecondsBeforeTheUnifiedOne() throws IOException {
        Path self = Files.writeString(dir.resolve("cgroup"), "4:memory:/x\n2:cpu,cpuacct:/replsim/node1\n0::/\n");
        Path group = Files.createDirectories(dir.resolve("root/cpu/replsim/node1"));
        Files.writeString(group.resolve("cpu.stat"), "nr_periods 40\nnr_throttled 7\nthrottled_time 3500000\n");
        Files.writeString(Files.createDirectories(dir.resolve("root")).resolve("cpu.stat"),
                "nr_periods 1\nnr_throttled 1\nthrottled_usec 1\n");

        assertThat(new CpuQuotaStat(self, dir.resolve("root")).read())
                .contains(new CpuQuotaStat.Throttling(40, 7, 3_500));
    }

    @Test
    void readsTheUnifiedGroupInMicrosecondsWhereNoV1HierarchyHasTheCpuController() throws IOException {
        Path self = Files.writeString(dir.resolve("cgroup"), "0::/replsim/node2\n");
        Path group = Files.createDirectories(dir.resolve("root/replsim/node2"));
        Files.writeString(group.resolve("cpu.stat"), "usage_usec 9\nnr_periods 12\nnr_throttled 3\n"
                + "throttled_usec 4200\nnr_bursts 0\n");

        assertThat(new CpuQuotaStat(self, dir.resolve("root")).read())
                .contains(new CpuQuotaStat.Throttling(12, 3, 4_200));
    }

    @Test
    void saysNothingWhereTheGroupHasNoQuotaFiguresOrCannotBeFound() throws IOException {
        Path self = Files.writeString(dir.resolve("cgroup"), "0::/replsim/node3\n");
        Path group = Files.createDirectories(dir.resolve("root/replsim/node3"));
        Files.writeString(group.resolve("cpu.stat"), "usage_usec 9\n");

        assertThat(new CpuQuotaStat(self, dir.resolve("root")).read()).isEmpty();
        assertThat(new CpuQuotaStat(dir.resolve("missing"), dir.resolve("root")).read()).isEmpty();
    }
}
