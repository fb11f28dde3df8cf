package io.replsim.node;

import io.replsim.node.admin.AdminToken;
import io.replsim.node.lifecycle.FlightRecordingsOnExit;
import io.replsim.node.lifecycle.ParentProcessWatcher;
import io.replsim.node.options.BadArgumentException;
import io.replsim.node.options.NodeOptions;
import io.replsim.node.options.NodeOptionsParser;
import io.replsim.replication.host.HostSerialFilter;
import io.replsim.replication.transport.ClusterSecret;

import java.io.ObjectInputFilter;
import java.time.Instant;
import java.util.Optional;

/**
 * A node process (docs/interfaces.md §1): parses the command line, joins the cluster over TCP, prints the READY
 * line, and leaves gracefully on SIGTERM or {@code POST /admin/shutdown}.
 */
public final class NodeMain {
    static final int EXIT_BAD_ARGUMENT = 2;
    static final int EXIT_START_FAILED = 1;
    // ParentProcessWatcher.EXIT_CODE_ORPHANED (3): the parent process disappeared.
    /**
     * One of its ports was taken when it bound it: another program got there between the runner's check that the
     * port was free and the node's bind, and a runner may start the cluster again on other ports.
     */
    public static final int EXIT_PORT_TAKEN = 4;

    private NodeMain() {
    }

    public static void main(String[] args) {
        Instant mainStartedAt = Instant.now();
        // Undertow and XNIO log through jboss-logging: send it to slf4j so every line lands in one format on stdout.
        System.setProperty("org.jboss.logging.provider", "slf4j");
        NodeOptions options;
        try {
            options = new NodeOptionsParser().parse(args);
        } catch (BadArgumentException e) {
            exit(EXIT_BAD_ARGUMENT, "replsim-node: bad argument " + e.getMessage());
            return;
        }
        Optional<AdminToken> token = AdminToken.fromEnvironment();
        if (token.isEmpty()) {
            exit(EXIT_BAD_ARGUMENT, "replsim-node: bad environment " + AdminToken.ENVIRONMENT_VARIABLE
                    + ": got nothing, expected the admin API token");
            return;
        }
        Optional<ClusterSecret> secret;
        try {
            secret = ClusterSecret.fromEnvironment();
        } catch (IllegalArgumentException e) {
            exit(EXIT_BAD_ARGUMENT, "replsim-node: bad environment " + ClusterSecret.ENVIRONMENT_VARIABLE + ": "
                    + e.getMessage() + "; give every node of the cluster the same long random value");
            return;
        }
        if (secret.isEmpty()) {
            exit(EXIT_BAD_ARGUMENT, "replsim-node: bad environment " + ClusterSecret.ENVIRONMENT_VARIABLE
                    + ": got nothing, expected the secret every member of the cluster shares (at least "
                    + ClusterSecret.MIN_LENGTH + " characters)");
            return;
        }
        // Defence in depth: any ObjectInputStream in this process without a filter of its own (one inside a
        // library, say) gets the replication allow-list too.
        ObjectInputFilter.Config.setSerialFilter(HostSerialFilter.standard());
        options.parentPid().ifPresent(ParentProcessWatcher::watch);

        ClusterNode node;
        try {
            node = ClusterNode.startOverSockets(options, token.get(), secret.get(), () -> System.exit(0));
        } catch (Exception e) {
            e.printStackTrace(System.out);
            exit(PortTakenFailure.causedBy(e) ? EXIT_PORT_TAKEN : EXIT_START_FAILED,
                    "replsim-node: cannot start " + options.name() + ": " + e);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            node.close();
            FlightRecordingsOnExit.write();
            System.out.flush();
            // SIGTERM would otherwise end the JVM with 143; a graceful leave is a clean exit.
            Runtime.getRuntime().halt(0);
        }, "graceful-leave"));
        StartTimes.now(mainStartedAt).log();
        System.out.println("REPLSIM-NODE-READY name=" + options.name() + " http=" + node.httpPort()
                + " admin=" + node.adminPort()
                + (node.metricsPort().isPresent() ? " metrics=" + node.metricsPort().getAsInt() : ""));
        System.out.flush();
    }

    private static void exit(int code, String line) {
        System.err.println(line);
        System.exit(code);
    }
}
