package io.replsim.cli;

import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.SerialSource;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.scenario.runtime.external.ExternalTarget;
import io.replsim.scenario.runtime.external.NodeCommand;
import io.replsim.scenario.runtime.external.ProbeWorkload;
import io.replsim.scenario.spec.WorkloadSpec;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * The options that point a command at a cluster replsim does not run ({@code run} and {@code capacity} share
 * them): the nodes' URLs, how its app speaks, and the commands that kill a node and start it again.
 */
final class ExternalTargetOptions {

    static final String DEFAULT_COOKIE = "JSESSIONID";
    static final String DEFAULT_SERIAL = "json";

    @Option(names = "--target", paramLabel = "[NAME=]URL", description = {
            "drive an already running cluster instead of starting the scenario's (repeatable, one per node); NAME",
            "is the route its session cookies carry (<id>.NAME); it must answer like the counter app of",
            "docs/interfaces.md §2, or say how with --cookie-name and --serial"})
    List<String> targets = new ArrayList<>();

    @Option(names = "--path", description = "with --target: the app's path and query (default: the scenario's"
            + " workload app, /counter for the counter)")
    String path;

    @Option(names = "--cookie-name", description = "with --target: the session cookie, its value <id>.<route> as"
            + " mod_jk's jvmRoute (default: " + DEFAULT_COOKIE + ")")
    String cookieName;

    @Option(names = "--serial", description = {"with --target: where an answer shows the session's request count:"
            + " json (the replsim apps' JSON),", "json:/pointer, header:Name or regex:pattern-with-(group) (default: "
            + DEFAULT_SERIAL + ")"})
    String serial;

    @Option(names = "--app", paramLabel = "APP", description = {"with --target: replsim (default: the cluster"
            + " serves the scenario's replsim app) or probe: it serves", "replsim-probe.war (docs/interfaces.md §2e),"
            + " whose page for the scenario's workload is driven and whose whole session content is verified"})
    String app;

    @Option(names = "--expect", paramLabel = "FIELD", description = {"with --target: a field the app shows while the"
            + " session's content is intact, judged on every answer", "(a mismatch is CORRUPT): header:NAME=v1|v2"
            + " or json:/pointer=value"})
    String expect;

    @Option(names = "--kill-command", paramLabel = "COMMAND", description = {"with --target: a shell command that"
            + " kills a node;", "{node}, {url}, {host} and {port} are replaced (also $REPLSIM_NODE, $REPLSIM_URL,"
            + " $REPLSIM_HOST, $REPLSIM_PORT)"})
    String killCommand;

    @Option(names = "--restart-command", paramLabel = "COMMAND", description = {"with --target: a shell command"
            + " that starts a killed node again (for restart faults),", "with the same placeholders; it must return"
            + " once the node is started (start servers in the background)"})
    String restartCommand;

    /**
     * The cluster the options name, or empty when no {@code --target} was given; without {@code --path} the app's
     * page is the scenario's {@code workload} app's, or with {@code --app probe} the probe's page that builds the
     * same sessions. Throws with a message that names the option when one is wrong.
     */
    Optional<ExternalTarget> target(WorkloadSpec workload) {
        if (app != null && !app.equals("replsim") && !app.equals("probe")) {
            throw new IllegalArgumentException("--app: got \"" + app + "\", expected replsim (the scenario's own app)"
                    + " or probe (replsim-probe.war)");
        }
        if ("probe".equals(app)) {
            if (path != null) {
                throw new IllegalArgumentException("--path: --app probe drives the probe's page for the scenario's"
                        + " workload; give one of --app probe and --path");
            }
            try {
                return target(ProbeWorkload.pathFor(workload));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--app probe: " + e.getMessage());
            }
        }
        return target(workload.app().path());
    }

    /** As {@link #target(WorkloadSpec)}, {@code defaultPath} the app's page when {@code --path} is not given. */
    Optional<ExternalTarget> target(String defaultPath) {
        if (targets.isEmpty()) {
            onlyWithTarget("--app", app);
            onlyWithTarget("--expect", expect);
            onlyWithTarget("--path", path);
            onlyWithTarget("--cookie-name", cookieName);
            onlyWithTarget("--serial", serial);
            onlyWithTarget("--kill-command", killCommand);
            onlyWithTarget("--restart-command", restartCommand);
            return Optional.empty();
        }
        List<NodeEndpoint> nodes = new ArrayList<>();
        for (int i = 0; i < targets.size(); i++) {
            nodes.add(endpoint(targets.get(i), i + 1));
        }
        SerialSource source;
        try {
            source = SerialSource.parse(serial == null ? DEFAULT_SERIAL : serial);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--serial: " + e.getMessage());
        }
        TargetProtocol protocol;
        try {
            protocol = new TargetProtocol(cookieName == null ? DEFAULT_COOKIE : cookieName, source);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--cookie-name: expected " + e.getMessage());
        }
        if (expect != null) {
            try {
                protocol = protocol.expecting(TargetProtocol.parseExpectation(expect));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--expect: " + e.getMessage());
            }
        }
        return Optional.of(new ExternalTarget(nodes, path == null ? defaultPath : path, protocol,
                command("kill", killCommand), command("restart", restartCommand)));
    }

    private static void onlyWithTarget(String option, String value) {
        if (value != null) {
            throw new IllegalArgumentException(option + " is for a cluster named with --target; the scenario's own"
                    + " nodes are started, reached and killed by replsim itself");
        }
    }

    private static Optional<NodeCommand> command(String what, String template) {
        return Optional.ofNullable(template).map(text -> new NodeCommand(what, text, NodeCommand.DEFAULT_TIMEOUT));
    }

    /** {@code node1=http://10.0.0.5:8080} or just the URL, then named target1, target2, ... */
    static NodeEndpoint endpoint(String text, int position) {
        int equals = text.indexOf('=');
        String name = equals < 0 ? "target" + position : text.substring(0, equals).trim();
        String expected = "--target: got \"" + text + "\", expected [name=]http://host:port";
        URI uri;
        try {
            uri = URI.create(text.substring(equals + 1).trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(expected + " (" + e.getMessage() + ")");
        }
        if (name.isEmpty() || !"http".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException(expected);
        }
        if (!name.matches("[A-Za-z0-9_-]+")) {
            throw new IllegalArgumentException("--target: got the name \"" + name + "\" in \"" + text + "\","
                    + " expected letters, digits, '-' or '_': the route the node's session cookies carry");
        }
        return new NodeEndpoint(name, uri);
    }
}
