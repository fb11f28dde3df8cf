package io.replsim.scenario.external;

import io.replsim.scenario.fault.Disruption;
import io.replsim.scenario.fault.Nemesis;
import io.replsim.scenario.fault.UserNodes;
import io.replsim.scenario.spec.FaultSpec;
import io.replsim.scenario.spec.KillSpec;
import io.replsim.scenario.spec.NodeSelector;
import io.replsim.scenario.spec.RestartSpec;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The nemesis of a cluster replsim does not run: a kill and a restart go to its {@link ExternalRuntime}, which runs
 * the user's commands. Every other fault was refused before the run (the runtime's refusals). Targets resolve from
 * what the driver's router knows, since the nodes' own stats cannot be read.
 */
public final class ExternalNemesis implements Nemesis {
    private final ExternalRuntime runtime;
    private final ExternalNodes nodes;
    private final UserNodes serving;
    private final int users;
    // One stream per seed, so that a scenario's random draws repeat from run to run.
    private final Map<Long, SplittableRandom> randoms = new HashMap<>();

    /** @param serving which node serves each of the load's {@code users} users now (the driver's sticky table) */
    public ExternalNemesis(ExternalRuntime runtime, UserNodes serving, int users) {
        this.runtime = runtime;
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
                runtime.restart(node);
                yield new Disruption.Restarted(node);
            }
            default -> throw refused(fault);
        };
    }

    /** Kills and restarts are over once done: nothing lasts, so nothing is healed. */
    @Override
    public void heal(Disruption disruption) {
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
