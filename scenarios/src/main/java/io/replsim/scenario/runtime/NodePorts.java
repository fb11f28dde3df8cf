package io.replsim.scenario.runtime;

/** The ports one node listens on. FD_SOCK2 takes jgroups + 100, which the allocator keeps free as well. */
public record NodePorts(int http, int admin, int jgroups) {
    public static final int FAILURE_DETECTION_OFFSET = 100;

    public int failureDetection() {
        return jgroups + FAILURE_DETECTION_OFFSET;
    }
}
