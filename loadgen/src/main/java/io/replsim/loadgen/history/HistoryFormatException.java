package io.replsim.loadgen.history;

import java.nio.file.Path;

/** A history file that cannot be read as one: which file, which line, what was wrong there and what it should be. */
public final class HistoryFormatException extends IllegalArgumentException {

    private final int line;

    HistoryFormatException(Path file, int line, String problem) {
        super(file + " line " + line + ": " + problem);
        this.line = line;
    }

    /** The line the problem is on, from 1. */
    public int line() {
        return line;
    }
}
