package io.replsim.scenario.runtime;

import java.io.PrintStream;
import java.nio.file.Path;

/** Where a run's nodes get their CPU quotas: this host's cgroup CPU controller, or one a test points at. */
@FunctionalInterface
public interface CpuQuotaHost {

    CpuQuotaGroups open(double cores, PrintStream out) throws CgroupUnavailableException;

    /** The controller {@code /proc/self/mountinfo} names. */
    CpuQuotaHost THIS_HOST = (cores, out) ->
            CpuQuotaGroups.open(CgroupCpuController.find(Path.of("/proc/self/mountinfo")), cores, out);

    static CpuQuotaHost at(CgroupCpuController controller) {
        return (cores, out) -> CpuQuotaGroups.open(controller, cores, out);
    }
}
