package io.replsim.scenario.results;

import java.nio.file.Path;

/** A run directory whose figures cannot be read, and why: named in the rows it may belong to, and skipped. */
public record Unreadable(Path directory, RunKind kind, String why) {
}
