package io.replsim.node.lifecycle;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Ends this node when the process that started it is gone, even if that process was SIGKILLed and could not
 * clean up: no node outlives its runner. Halts rather than exits, since an orphan has no one to leave nicely for.
 */
public final class ParentProcessWatcher {
    private static final Logger log = LoggerFactory.getLogger(ParentProcessWatcher.class);
    public static final int EXIT_CODE_ORPHANED = 3;
    static final Duration POLL_INTERVAL = Duration.ofMillis(500);

    private ParentProcessWatcher() {
    }

    /**
     * A killed parent stays a zombie until its own parent reaps it, and {@link ProcessHandle#isAlive()} calls a
     * zombie alive; on Linux, /proc tells them apart.
     */
    static boolean isRunning(long pid) {
        if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            return false;
        }
        Path stat = Path.of("/proc", Long.toString(pid), "stat");
        try {
            String line = Files.readString(stat);
            // "pid (command) state ...": the command may contain spaces and parentheses, so read after the last ')'.
            String afterCommand = line.substring(line.lastIndexOf(')') + 1).trim();
            return !afterCommand.startsWith("Z");
        } catch (IOException | RuntimeException e) {
            return !Files.exists(Path.of("/proc", "self")) || Files.exists(stat.getParent());
        }
    }

    public static void watch(long parentPid) {
        var thread = new Thread(() -> pollUntilGone(parentPid), "parent-watcher");
        thread.setDaemon(true);
        thread.start();
    }

    private static void pollUntilGone(long parentPid) {
        while (isRunning(parentPid)) {
            try {
                Thread.sleep(POLL_INTERVAL);
            } catch (InterruptedException e) {
                return;
            }
        }
        log.warn("parent process {} is gone: halting", parentPid);
        System.out.flush();
        Runtime.getRuntime().halt(EXIT_CODE_ORPHANED);
    }
}
