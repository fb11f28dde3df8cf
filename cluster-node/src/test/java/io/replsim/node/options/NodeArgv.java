package io.replsim.node.options;

import java.util.ArrayList;
import java.util.List;

/** A node's own options (name, cluster, ports, members), for tests of the options that follow them. */
final class NodeArgv {
    private static final List<String> OWN = List.of("--name", "node1", "--cluster", "c", "--http-port", "18081",
            "--admin-port", "18181", "--jgroups-port", "18281", "--members", "127.0.0.1[18281]");

    private NodeArgv() {
    }

    /** The node's own options and {@code more}, parsed. */
    static NodeOptions parse(List<String> more) {
        List<String> argv = new ArrayList<>(OWN);
        argv.addAll(more);
        return new NodeOptionsParser().parse(argv.toArray(String[]::new));
    }
}
