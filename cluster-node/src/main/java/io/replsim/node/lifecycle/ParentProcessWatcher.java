package io.replsim.node.lifecycle;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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

    public static void watch(long parentPid) {
        var thread = new Thread(() -> pollUntilGone(parentPid), "parent-watcher");
        thread.setDaemon(true);
        thread.start();
    }

    private static void pollUntilGone(long parentPid) {
        while (ProcessHandle.of(parentPid).map(ProcessHandle::isAlive).orElse(false)) {
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
