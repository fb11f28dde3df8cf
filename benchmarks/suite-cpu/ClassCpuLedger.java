package io.replsim.bench.suitecpu;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * For each test class a test JVM runs: its wall time, the JVM's own CPU and the CPU of the child processes it
 * reaped meanwhile (its node processes, Tomcat members), from /proc/self/stat, one line appended to the file named
 * by REPLSIM_CPU_LEDGER. A surefire or failsafe JVM runs one class at a time, so the differences are the class's.
 */
public final class ClassCpuLedger implements TestExecutionListener {
    private record Mark(long nanos, long ownTicks, long childTicks) {}

    private final Map<String, Mark> started = new ConcurrentHashMap<>();

    @Override
    public void executionStarted(TestIdentifier id) {
        if (id.isContainer() && id.getSource().orElse(null) instanceof ClassSource) {
            long[] ticks = ticks();
            started.put(id.getUniqueId(), new Mark(System.nanoTime(), ticks[0], ticks[1]));
        }
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        Mark mark = started.remove(id.getUniqueId());
        String ledger = System.getenv("REPLSIM_CPU_LEDGER");
        if (mark == null || ledger == null || !(id.getSource().orElse(null) instanceof ClassSource source)) {
            return;
        }
        long[] ticks = ticks();
        // /proc's clock ticks are 1/100 s on Linux (USER_HZ)
        String line = String.format("%d\t%s\t%d\t%.1f\t%.2f\t%.2f\t%s%n", System.currentTimeMillis() / 1000,
                source.getClassName(), ProcessHandle.current().pid(), (System.nanoTime() - mark.nanos()) / 1e9,
                (ticks[0] - mark.ownTicks()) / 100.0, (ticks[1] - mark.childTicks()) / 100.0, result.getStatus());
        try {
            Files.writeString(Path.of(ledger), line, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            System.err.println("suite-cpu: could not write " + ledger + ": " + e);
        }
    }

    /** utime + stime, and cutime + cstime, of this process. */
    private static long[] ticks() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return new long[] {Long.parseLong(fields[11]) + Long.parseLong(fields[12]),
                    Long.parseLong(fields[13]) + Long.parseLong(fields[14])};
        } catch (IOException e) {
            return new long[] {0, 0};
        }
    }
}
