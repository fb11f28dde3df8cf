package io.replsim.scenario.runtime;

/**
 * What a runtime reads back of one node now, from the process, container or URL a fault was done to, never from
 * its own note of what it did: the evidence that a kill, pause or restart took effect. {@code instance} names what
 * was read (a pid, a container, a URL), so that a restart shows as a new one; {@code seen} says what was read, for
 * people.
 */
public sealed interface NodeState {

    String seen();

    /** Running: a live process not stopped, a running container, a URL that answers. */
    record Up(String instance, String seen) implements NodeState {
    }

    /** Running but frozen: a process stopped by a signal (state T), a paused container. */
    record Frozen(String instance, String seen) implements NodeState {
    }

    /** Gone: an exited process with its exit status, a container not running, a URL that does not answer. */
    record Down(String instance, String seen) implements NodeState {
    }

    /** The runtime cannot read the node back, and why. */
    record NotRead(String seen) implements NodeState {
    }
}
