package io.replsim.scenario.runtime;

import io.replsim.replication.transport.TcpStackSpec;

/**
 * The ports one node listens on. FD_SOCK2 takes one more, which the allocator keeps free as well; {@code metrics} is
 * listened on only when the scenario asks for metrics ({@code cluster.metrics}).
 */
public record NodePorts(int http, int admin, int jgroups, int metrics) {

    public int failureDetection() {
        return jgroups + TcpStackSpec.FAILURE_DETECTION_PORT_OFFSET;
    }
}
