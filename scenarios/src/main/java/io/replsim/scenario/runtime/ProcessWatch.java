package io.replsim.scenario.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * One node process as its runtime watches it: what it reads back of it now (its exit status, or its scheduling
 * state from {@code /proc/<pid>/stat}: T when a SIGSTOP froze it), and whether it ended without the runtime having
 * ended it. The runtime says {@link #endAsked()} before every signal that may end it (a kill, a stop, a restart, its
 * own close); an end it did not ask for is a death nobody asked for.
 */
public final class ProcessWatch {
    private final String node;
    private final Process process;
    private volatile boolean endAsked;
    private volatile long endedAtEpochMs = -1;

    public ProcessWatch(String node, Process process) {
        this.node = node;
        this.process = process;
        process.onExit().thenRun(() -> endedAtEpochMs = System.currentTimeMillis());
    }

    public Process process() {
        return process;
    }

    /** The runtime is about to end this process itself: its end is no death nobody asked for. */
    public void endAsked() {
        endAsked = true;
    }

    /** Its exit status once ended; while it runs, whether a signal stopped it. */
    public NodeState state() {
        String pid = "pid " + process.pid();
        if (!process.isAlive()) {
            return new NodeState.Down(pid, pid + " exited with " + exitStatus(process.exitValue()));
        }
        Optional<Character> state = schedulingState(process.pid());
        if (state.isEmpty()) {
            return new NodeState.Up(pid, pid + " running (its state in /proc/" + process.pid()
                    + "/stat could not be read)");
        }
        String seen = pid + " in state " + state.get() + " (/proc/" + process.pid() + "/stat)";
        return state.get() == 'T' || state.get() == 't' ? new NodeState.Frozen(pid, seen + ": stopped")
                : new NodeState.Up(pid, seen);
    }

    /** Ended, and not by its runtime. */
    public Optional<NodeDeath> deathUnasked() {
        if (endAsked || process.isAlive()) {
            return Optional.empty();
        }
        long at = endedAtEpochMs;
        return Optional.of(new NodeDeath(node, "pid " + process.pid(), "exited with "
                + exitStatus(process.exitValue()), at < 0 ? System.currentTimeMillis() : at));
    }

    /** The JDK reports a process ended by signal N as 128 + N; the usual ones are named. */
    static String exitStatus(int code) {
        return switch (code) {
            case 137 -> "137 (SIGKILL)";
            case 143 -> "143 (SIGTERM)";
            case 134 -> "134 (SIGABRT)";
            case 139 -> "139 (SIGSEGV)";
            default -> code > 128 && code < 160 ? code + " (signal " + (code - 128) + ")" : Integer.toString(code);
        };
    }

    /**
     * The state letter of {@code /proc/<pid>/stat} (R, S, D, T, Z ...): after the command in parentheses, which may
     * itself hold spaces and parentheses, so read from the last one. Empty where there is no such file.
     */
    static Optional<Character> schedulingState(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"), StandardCharsets.US_ASCII);
            int end = stat.lastIndexOf(')');
            return end < 0 || end + 2 >= stat.length() ? Optional.empty() : Optional.of(stat.charAt(end + 2));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
