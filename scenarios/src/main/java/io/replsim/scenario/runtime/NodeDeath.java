package io.replsim.scenario.runtime;

/**
 * A node process or container that ended while the runtime had not ended it (no kill, stop or restart of its
 * asked for it): a crash, the kernel's OOM killer, someone else's signal. {@code how} says what was read back (the
 * exit status); {@code atEpochMs} when the runtime saw it end.
 */
public record NodeDeath(String node, String instance, String how, long atEpochMs) {
}
