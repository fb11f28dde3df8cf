package io.replsim.scenario.fault;

import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.spec.FaultSpec;
import io.replsim.scenario.spec.KillSpec;
import io.replsim.scenario.spec.NodeSelector;

/** The nemesis of a {@link ClusterRuntime}: each fault becomes what that runtime does to a node. */
public final class RuntimeNemesis implements Nemesis {
    private final ClusterRuntime runtime;
    private final TargetResolver targets;

    public RuntimeNemesis(ClusterRuntime runtime) {
        this.runtime = runtime;
        this.targets = new TargetResolver(runtime);
    }

    @Override
    public FaultEvent apply(FaultSpec fault, long atMs) throws InterruptedException {
        return switch (fault) {
            case KillSpec kill -> {
                String node = targets.resolve(kill.target());
                long epochMs = System.currentTimeMillis();
                runtime.kill(node);
                yield new FaultEvent("kill", node, describe(kill.target()), atMs, epochMs);
            }
        };
    }

    @Override
    public void healAll() {
        // A kill has nothing to heal; pauses and network rules will.
    }

    private static String describe(NodeSelector selector) {
        return switch (selector) {
            case NodeSelector.Named named -> named.node();
            case NodeSelector.PrimaryOfMost ignored -> "primary-of-most";
        };
    }
}
