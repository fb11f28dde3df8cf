package io.replsim.bench.floor;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The processor and kernel a run measured on, for its first line: the floor's cost changes from one VM to the next
 * by more than replsim's (at 64 KB its median doubled between two VMs of one day, replsim's rose by two fifths), so
 * a ratio is read with the machine it was measured on.
 */
record MachineDescription(String processor, int processors, String kernel) {
    private static final Path CPU_INFO = Path.of("/proc/cpuinfo");

    static MachineDescription ofThisMachine() {
        String processor;
        try {
            processor = processorIn(Files.readAllLines(CPU_INFO));
        } catch (IOException | UnsupportedOperationException unreadable) {
            processor = "unknown processor";
        }
        return new MachineDescription(processor, Runtime.getRuntime().availableProcessors(),
                System.getProperty("os.name") + " " + System.getProperty("os.version"));
    }

    /** The first "model name" of /proc/cpuinfo's lines (the same for every core of a VM). */
    static String processorIn(List<String> cpuInfo) {
        for (String line : cpuInfo) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equals("model name")) {
                return line.substring(colon + 1).trim();
            }
        }
        return "unknown processor";
    }

    @Override
    public String toString() {
        return processor + " × " + processors + ", " + kernel;
    }
}
