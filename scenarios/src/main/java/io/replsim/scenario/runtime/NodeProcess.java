package io.replsim.scenario.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** One node JVM the runtime started, with the log file its output goes to. */
final class NodeProcess {
    private static final Duration SIGNAL_DEADLINE = Duration.ofSeconds(5);

    private final NodeHandle handle;
    private final Process process;
    private final ProcessWatch watch;
    private final Path log;

    NodeProcess(NodeHandle handle, Process process, Path log) {
        this.handle = handle;
        this.process = process;
        this.watch = new ProcessWatch(handle.name(), process);
        this.log = log;
    }

    ProcessWatch watch() {
        return watch;
    }

    NodeHandle handle() {
        return handle;
    }

    boolean alive() {
        return process.isAlive();
    }

    /** SIGKILL on POSIX: the JVM gets no chance to leave the group or flush anything. */
    void kill(Duration deadline) throws InterruptedException {
        // a process already gone died unasked: a kill now does not make its death asked for
        if (process.isAlive()) {
            watch.endAsked();
        }
        process.destroyForcibly();
        process.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** SIGTERM: the node leaves the group; a node that does not exit in time is killed. */
    void stop(Duration grace) throws InterruptedException {
        if (!process.isAlive()) {
            return;
        }
        watch.endAsked();
        process.destroy();
        if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
            kill(grace);
        }
    }

    /** SIGSTOP or SIGCONT, through kill(1): the JDK sends only TERM and KILL itself. */
    void signal(String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                .redirectErrorStream(true).start();
        if (!kill.waitFor(SIGNAL_DEADLINE.toMillis(), TimeUnit.MILLISECONDS)) {
            kill.destroyForcibly();
            throw new IOException("kill -" + signal + " " + process.pid() + " did not return in time");
        }
        if (kill.exitValue() != 0) {
            throw new IOException("kill -" + signal + " " + process.pid() + " failed: "
                    + new String(kill.getInputStream().readAllBytes()).strip());
        }
    }

    long pid() {
        return process.pid();
    }

    /** The end of the log, for a message when the node failed. */
    String logTail(int lines) {
        try {
            List<String> all = Files.readAllLines(log);
            return String.join(System.lineSeparator(), all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(log unreadable: " + e.getMessage() + ")";
        }
    }

    Path log() {
        return log;
    }

    Integer exitCode() {
        return process.isAlive() ? null : process.exitValue();
    }
}
