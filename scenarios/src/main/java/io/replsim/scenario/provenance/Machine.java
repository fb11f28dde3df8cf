package io.replsim.scenario.provenance;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/** What a figure's provenance reads of the machine the driver runs on, each time it is asked. */
public interface Machine {

    /** The processors this JVM may use (a container's limit honoured). */
    int cores();

    /** The machine's physical memory in bytes (a container's limit where the JVM sees one). */
    long memoryBytes();

    /** The system load average over the last minute now; null where the system does not tell it. */
    Double loadAverage();

    /** {@link ReferenceWork} timed now; null where it is not measured. */
    CpuProbe cpuProbe();

    /** The machine's CPU time so far; null where the system does not tell it. */
    CpuTimes cpuTimes();

    /** The machine this JVM runs on. */
    Machine THIS_MACHINE = new Machine() {
        private final OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();

        @Override
        public int cores() {
            return Runtime.getRuntime().availableProcessors();
        }

        @Override
        public long memoryBytes() {
            return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getTotalMemorySize() : -1;
        }

        @Override
        public Double loadAverage() {
            double load = os.getSystemLoadAverage();
            return load < 0 ? null : load;
        }

        @Override
        public CpuProbe cpuProbe() {
            return ReferenceWork.probe();
        }

        @Override
        public CpuTimes cpuTimes() {
            return CpuTimes.read();
        }
    };
}
