package io.replsim.scenario.runtime;

import io.replsim.replication.transport.TcpStackSpec;

/** The ports one node listens on. FD_SOCK2 takes one more, which the allocator keeps free as well. */
public record NodePorts(int http, int admin, int jgroups) {

    public int failureDetection() {
        return jgroups + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET;
    }
}
