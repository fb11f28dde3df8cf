package io.replsim.scenario.external;

import io.replsim.scenario.fault.Disruption;
import io.replsim.scenario.fault.FaultEvidence;
import io.replsim.scenario.fault.Nemesis;
import io.replsim.scenario.fault.NodeReadBack;
import io.replsim.scenario.fault.UserNodes;
import io.replsim.scenario.spec.FaultSpec;
import io.replsim.scenario.spec.KillSpec;
import io.replsim.scenario.spec.NodeSelector;
import io.replsim.scenario.spec.RestartSpec;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The nemesis of a cluster replsim does not run: a kill and a restart go to its {@link ExternalRuntime}, which runs
 * the user's commands. Every other fault was refused before the run (the runtime's refusals). Targets resolve from
 * what the driver's router knows, since the nodes' own stats cannot be read. A command exiting 0 proves nothing: a
 * kill is confirmed once the target stops answering, a restart once it answers again after it had stopped (so a
 * node that is up is killed first, by the kill command, and seen down).
 */
public final class ExternalNemesis implements Nemesis {
    /** How long a killed target may take to stop answering. */
    static final Duration DOWN_WITHIN = Duration.ofSeconds(10);
    /** How long a restarted target may take to answer again: a server's start. */
    static final Duration UP_WITHIN = Duration.ofSeconds(30);

    private final ExternalRuntime runtime;
    private final NodeReadBack killed;
    private final NodeReadBack restarted;
    /** For each restarted node that was up, whether its kill before the restart was seen. */
    private final Map<String, FaultEvidence> wentDown = new HashMap<>();
    private final ExternalNodes nodes;
    private final UserNodes serving;
    private final int users;
    // One stream per seed, so that a scenario's random draws repeat from run to run.
    private final Map<Long, SplittableRandom> randoms = new HashMap<>();

    /** @param serving which node serves each of the load's {@code users} users now (the driver's sticky table) */
    public ExternalNemesis(ExternalRuntime runtime, UserNodes serving, int users) {
        this.runtime = runtime;
        this.killed = new NodeReadBack(runtime, DOWN_WITHIN);
        this.restarted = new NodeReadBack(runtime, UP_WITHIN);
        this.nodes = runtime.targets();
        this.serving = serving;
        this.users = users;
    }

    @Override
    public FaultSpec aim(FaultSpec fault) {
        return switch (fault) {
            case KillSpec k -> new KillSpec(k.schedule(), new NodeSelector.Named(resolve(k.target())));
            case RestartSpec r -> new RestartSpec(r.schedule(), new NodeSelector.Named(resolve(r.target())));
            default -> throw refused(fault);
        };
    }

    @Override
    public Disruption inject(FaultSpec fault) throws InterruptedException, IOException {
        return switch (fault) {
            case KillSpec k -> {
                String node = resolve(k.target());
                runtime.kill(node);
                yield new Disruption.Killed(node);
            }
            case RestartSpec r -> {
                String node = resolve(r.target());
                wentDown.remove(node);
                if (nodes.isUp(node)) {
                    wentDown.put(node, runtime.killsWithACommand() ? killAndSee(node) : FaultEvidence.unconfirmed(
                            node + " was up and no --kill-command was given: one command that stops and starts it"
                                    + " cannot be told from none by its URL"));
                }
                restarted.beforeRestart(node);
                runtime.restart(node);
                yield new Disruption.Restarted(node);
            }
            default -> throw refused(fault);
        };
    }

    private FaultEvidence killAndSee(String node) throws InterruptedException {
        runtime.kill(node);
        return killed.down(node);
    }

    /** A restart of a node that was up needs it seen down first: a URL that answered and answers shows nothing. */
    @Override
    public FaultEvidence confirm(Disruption disruption) throws InterruptedException {
        if (disruption instanceof Disruption.Restarted restart && wentDown.containsKey(restart.node())) {
            FaultEvidence down = wentDown.get(restart.node());
            return down.confirmed() ? down.and(restarted.confirm(disruption)) : down;
        }
        return disruption instanceof Disruption.Restarted ? restarted.confirm(disruption) : killed.confirm(disruption);
    }

    /** Kills and restarts are over once done: nothing lasts, so nothing is healed. */
    @Override
    public FaultEvidence heal(Disruption disruption) {
        throw new IllegalArgumentException("nothing done to a cluster replsim does not run lasts: " + disruption);
    }

    String resolve(NodeSelector target) {
        return switch (target) {
            case NodeSelector.Named named -> nodes.endpoint(named.node()).name();
            case NodeSelector.PrimaryOfMost ignored -> nodes.servingMost(serving, users)
                    .orElseThrow(() -> new IllegalStateException("no user has been served by a node that is up yet,"
                            + " so the primary of most sessions is unknown"));
            case NodeSelector.PrimaryOfUser user -> primaryOfUser(user.user());
            case NodeSelector.Random random -> {
                List<String> up = nodes.up().stream().sorted().toList();
                if (up.isEmpty()) {
                    throw new IllegalStateException("every target is down, none to choose from");
                }
                yield up.get(randoms.computeIfAbsent(random.seed(), SplittableRandom::new).nextInt(up.size()));
            }
            case NodeSelector.Coordinator ignored -> throw new IllegalArgumentException(
                    "the coordinator of a cluster replsim does not run is unknown to it");
            case NodeSelector.BuddyOf ignored -> throw new IllegalArgumentException(
                    "the buddy of a node of a cluster replsim does not run is unknown to it");
        };
    }

    private String primaryOfUser(int user) {
        String node = serving.nodeServing(user).orElseThrow(() -> new IllegalStateException(
                "user " + user + " has had no response yet, so the node holding its session is unknown"));
        if (!nodes.isUp(node)) {
            throw new IllegalStateException("user " + user + " was last served by " + node + ", which is down");
        }
        return node;
    }

    private static IllegalArgumentException refused(FaultSpec fault) {
        return new IllegalArgumentException(fault.type() + " cannot run against a cluster replsim does not run");
    }
}
