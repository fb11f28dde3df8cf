package io.replsim.scenario.runtime;

import java.util.Optional;
import java.util.function.Function;

/**
 * What the start's wait learns of node processes beyond their admin API: an exit, and the end of a node's log, so
 * that a message about a node that died, or never answered, carries the node's own last words.
 */
record NodeProcessWatch(Function<String, NodeProcess> processes) implements ViewBarrier.Watch {
    static final int TAIL_LINES = 15;

    @Override
    public Optional<String> deathNotice(String node) {
        NodeProcess process = processes.apply(node);
        return process.alive() ? Optional.empty() : Optional.of("exited with code " + process.exitCode()
                + " while starting; the end of its log (" + process.log() + "):" + System.lineSeparator()
                + process.logTail(TAIL_LINES));
    }

    @Override
    public String logOf(String node) {
        NodeProcess process = processes.apply(node);
        return process.log() + "; its last lines:" + System.lineSeparator() + process.logTail(TAIL_LINES);
    }
}
