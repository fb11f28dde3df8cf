package io.replsim.scenario.runtime.external;

import io.replsim.scenario.provenance.Jdk;
import io.replsim.scenario.provenance.NodesRuntime;
import io.replsim.scenario.runtime.AdminClient;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.ClusterStartException;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.scenario.runtime.NodeState;
import io.replsim.scenario.runtime.ReadBackTerms;
import io.replsim.scenario.runtime.RuntimeCapabilities;
import io.replsim.scenario.runtime.UrlReadBack;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * A cluster replsim does not run, as a runtime: its nodes are the user's targets, already running (starting it
 * only checks that each answers), a kill and a restart run the user's commands, and nothing is read from the nodes,
 * whose figures are then not measured. What a scenario asks that cannot be done to such a cluster is refused by its
 * {@link #capabilities() capabilities}, before anything runs.
 */
public final class ExternalRuntime implements ClusterRuntime {
    /** How long a killed target may take to stop answering. */
    static final Duration DOWN_WITHIN = Duration.ofSeconds(10);
    /** How long a restarted target may take to answer again: a server's start. */
    static final Duration UP_WITHIN = Duration.ofSeconds(30);

    private final ExternalTarget target;
    private final ExternalNodes nodes;
    private final Consumer<String> say;

    /** {@code say}: where a command's output goes, a line each. */
    public ExternalRuntime(ExternalTarget target, Consumer<String> say) {
        this.target = target;
        this.nodes = new ExternalNodes(target.nodes());
        this.say = say;
    }

    /** What this cluster cannot do: all that needs replsim's hold on the nodes, and the commands not given. */
    public RuntimeCapabilities capabilities() {
        return ExternalCapabilities.of(target);
    }

    /** Starts nothing: asks every target once for the app's path, and fails with the URLs that did not answer. */
    @Override
    public void start(Duration viewDeadline) throws ClusterStartException, InterruptedException {
        List<String> unanswered = TargetProbe.unanswered(target);
        if (!unanswered.isEmpty()) {
            throw new ClusterStartException(String.join("; ", unanswered) + ". Start it, or correct the --target URL"
                    + " (and --path)");
        }
    }

    @Override
    public List<NodeHandle> nodes() {
        return target.nodes().stream().map(node -> new NodeHandle(node.name(), node.baseUri())).toList();
    }

    /** The targets not known to be down: down after the kill command succeeded, up after the restart command. */
    @Override
    public List<NodeHandle> liveNodes() {
        return nodes().stream().filter(node -> nodes.isUp(node.name())).toList();
    }

    @Override
    public NodesRuntime nodesRuntime() {
        return new NodesRuntime(capabilities().runtime(), Jdk.notMeasured("a cluster replsim does not run"));
    }

    @Override
    public boolean readsNodeStats() {
        return false;
    }

    /**
     * Whether the target answers the app's path now (any HTTP answer): all that can be read of a node whose
     * process is elsewhere, and what shows that a kill command stopped it and a restart command started it.
     */
    @Override
    public NodeState state(String node) throws InterruptedException {
        return UrlReadBack.state(nodes.endpoint(node).resolve(target.path()));
    }

    /**
     * A killed target may take 10 s to stop answering, a restarted one 30 s to answer again (a server's start). A
     * URL names no instance, so a restart of a target that is up shows only when the kill command stops it first
     * and it is seen down in between.
     */
    @Override
    public ReadBackTerms readBack() {
        return new ReadBackTerms(DOWN_WITHIN, UP_WITHIN, target.kill().isPresent()
                ? new ReadBackTerms.RestartShown.DownInBetween()
                : new ReadBackTerms.RestartShown.NotShown("no --kill-command was given: one command that stops and"
                        + " starts it cannot be told from none by its URL"));
    }

    @Override
    public AdminClient admin(String node) {
        throw new UnsupportedOperationException("the stats of " + node + " are not measured: replsim does not run"
                + " that cluster");
    }

    /** Runs the kill command for the node; a node already down is refused. */
    @Override
    public void kill(String node) throws InterruptedException {
        if (!nodes.isUp(node)) {
            throw new IllegalStateException(node + " is down already (killed earlier and not restarted)");
        }
        try {
            run(command(target.kill(), "kill"), node);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
        nodes.markDown(node);
    }

    /** Runs the restart command, after the kill command when the node is up and one was given. */
    @Override
    public void restart(String node) throws InterruptedException, IOException {
        NodeCommand start = command(target.restart(), "restart");
        if (nodes.isUp(node) && target.kill().isPresent()) {
            run(target.kill().get(), node);
            nodes.markDown(node);
        }
        run(start, node);
        nodes.markUp(node);
    }

    @Override
    public void stop(String node) {
        throw refused("stop");
    }

    @Override
    public void pause(String node) {
        throw refused("pause");
    }

    @Override
    public void resume(String node) {
        throw refused("resume");
    }

    /** The cluster is the user's: nothing to stop. */
    @Override
    public void close() {
    }

    private void run(NodeCommand command, String node) throws IOException, InterruptedException {
        NodeCommand.Outcome outcome = command.run(nodes.endpoint(node));
        say.accept(String.format(Locale.ROOT, "%s command for %s exited 0 after %d ms: %s", command.what(),
                node, outcome.took().toMillis(), outcome.command()));
        outcome.output().lines().forEach(line -> say.accept("  " + line));
    }

    private static NodeCommand command(Optional<NodeCommand> given, String what) {
        return given.orElseThrow(() -> new IllegalStateException("a " + what + " fault needs --" + what
                + "-command"));
    }

    private static UnsupportedOperationException refused(String fault) {
        return new UnsupportedOperationException(fault + " cannot run against a cluster replsim does not run");
    }
}
