package io.replsim.node.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JIT compiler threads' CPU from per-thread accounting: only compiler threads count, a command name with
 * spaces and parentheses does not shift the fields, and a compiler thread that exits keeps its last reading.
 */
class CompilerThreadsCpuTest {

    /** A /proc/<pid>/task/<tid> with the given name and utime/stime in ticks (10 ms). */
    private static void thread(Path tasks, int tid, String name, long utime, long stime) throws IOException {
        thread(tasks, tid, name, utime, stime, 12_345);
    }

    private static void thread(Path tasks, int tid, String name, long utime, long stime, long startTime)
            throws IOException {
        Path dir = Files.createDirectories(tasks.resolve(Integer.toString(tid)));
        Files.writeString(dir.resolve("comm"), name + "\n");
        Files.writeString(dir.resolve("stat"), tid + " (" + name + ") S 1 1 1 0 -1 4194368 100 0 0 0 " + utime + " "
                + stime + " 0 0 20 0 30 0 " + startTime + " 0 0\n");
    }

    @Test
    void onlyTheCompilerThreadsCountInMilliseconds(@TempDir Path tasks) throws IOException {
        thread(tasks, 11, "C2 CompilerThre", 150, 50);
        thread(tasks, 12, "C1 CompilerThre", 30, 10);
        thread(tasks, 13, "XNIO-1 task-1", 9_000, 1_000);
        thread(tasks, 14, "a (C2 CompilerThre) b", 500, 500);

        assertThat(new CompilerThreadsCpu(tasks).totalMs()).contains((150 + 50 + 30 + 10) * 10L);
    }

    @Test
    void aCompilerThreadThatExitsKeepsItsLastReading(@TempDir Path tasks) throws IOException {
        var compiler = new CompilerThreadsCpu(tasks);
        thread(tasks, 21, "C2 CompilerThre", 100, 0);
        thread(tasks, 22, "C2 CompilerThre", 40, 0);
        assertThat(compiler.totalMs()).contains(1_400L);

        delete(tasks.resolve("22"));
        thread(tasks, 21, "C2 CompilerThre", 120, 5);

        assertThat(compiler.totalMs()).contains(1_650L);
    }

    @Test
    void aThreadIdTheKernelHandsOutAgainIsReadForWhatItNamesNow(@TempDir Path tasks) throws IOException {
        var compiler = new CompilerThreadsCpu(tasks);
        thread(tasks, 31, "C2 CompilerThre", 100, 0);
        assertThat(compiler.totalMs()).contains(1_000L);

        delete(tasks.resolve("31"));
        assertThat(compiler.totalMs()).contains(1_000L);
        thread(tasks, 31, "XNIO-1 task-3", 5_000, 0, 20_000);
        assertThat(compiler.totalMs()).contains(1_000L);

        delete(tasks.resolve("31"));
        compiler.totalMs();
        thread(tasks, 31, "C1 CompilerThre", 50, 0, 30_000);
        // a new compiler thread under the old id: its time adds to the ended one's, not hidden under it
        assertThat(compiler.totalMs()).contains(1_500L);
    }

    private static void delete(Path thread) throws IOException {
        Files.delete(thread.resolve("comm"));
        Files.delete(thread.resolve("stat"));
        Files.delete(thread);
    }

    @Test
    void withoutPerThreadAccountingItIsNotMeasured(@TempDir Path root) {
        assertThat(new CompilerThreadsCpu(root.resolve("no-such-proc")).totalMs()).isEmpty();
    }

    @Test
    void thisJvmsCompilerThreadsAreFoundOnLinux() {
        // the test JVM has compiled its own start-up by now: its C1 threads have used some CPU
        assertThat(CompilerThreadsCpu.ofThisProcess().totalMs()).hasValueSatisfying(ms -> assertThat(ms).isPositive());
    }
}
