package io.replsim.scenario.tomcat;

import io.replsim.scenario.fault.Disruption;
import io.replsim.scenario.fault.FaultEvidence;
import io.replsim.scenario.fault.Nemesis;
import io.replsim.scenario.fault.NodeReadBack;
import io.replsim.scenario.fault.UserNodes;
import io.replsim.scenario.spec.FaultSpec;
import io.replsim.scenario.spec.KillSpec;
import io.replsim.scenario.spec.NodeSelector;
import io.replsim.scenario.spec.PauseSpec;
import io.replsim.scenario.spec.RestartSpec;
import io.replsim.scenario.spec.ResumeSpec;
import io.replsim.scenario.spec.StopSpec;
import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The nemesis of a Tomcat cluster: kills, stops, pauses, resumes and restarts done to its processes as to replsim's
 * own ({@link TomcatCluster}). Partitions and delays need a hook in Tribes replsim does not have and are refused
 * before the run ({@link TomcatCapabilities}). Targets resolve from the driver's sticky table, since Tomcat's
 * session placement is not read.
 */
public final class TomcatNemesis implements Nemesis {
    /** How long a killed or stopped member may take to read as gone, a paused one as frozen. */
    private static final Duration READ_BACK_WITHIN = Duration.ofSeconds(5);

    private final TomcatCluster cluster;
    private final NodeReadBack readBack;
    private final UserNodes serving;
    private final int users;
    private final Map<Long, SplittableRandom> randoms = new HashMap<>();

    /** {@code serving}: which member serves each of the load's {@code users} users now. */
    public TomcatNemesis(TomcatCluster cluster, UserNodes serving, int users) {
        this.cluster = cluster;
        this.readBack = new NodeReadBack(cluster, READ_BACK_WITHIN);
        this.serving = serving;
        this.users = users;
    }

    @Override
    public FaultSpec aim(FaultSpec fault) {
        return switch (fault) {
            case KillSpec kill -> new KillSpec(kill.schedule(), named(kill.target()));
            case StopSpec stop -> new StopSpec(stop.schedule(), named(stop.target()));
            case PauseSpec pause -> new PauseSpec(pause.schedule(), named(pause.target()), pause.lasting());
            case RestartSpec restart -> new RestartSpec(restart.schedule(), named(restart.target()));
            case ResumeSpec resume -> resume;
            default -> throw refused(fault);
        };
    }

    @Override
    public Disruption inject(FaultSpec fault) throws InterruptedException, IOException {
        return switch (fault) {
            case KillSpec kill -> {
                String node = resolve(kill.target());
                cluster.kill(node);
                yield new Disruption.Killed(node);
            }
            case StopSpec stop -> {
                String node = resolve(stop.target());
                cluster.stop(node);
                yield new Disruption.Stopped(node);
            }
            case PauseSpec pause -> {
                String node = resolve(pause.target());
                cluster.pause(node);
                yield new Disruption.Paused(node);
            }
            case RestartSpec restart -> {
                String node = resolve(restart.target());
                readBack.beforeRestart(node);
                cluster.restart(node);
                yield new Disruption.Restarted(node);
            }
            default -> throw refused(fault);
        };
    }

    /** The member's process read back: its exit status, its state in /proc. */
    @Override
    public FaultEvidence confirm(Disruption disruption) throws InterruptedException {
        return readBack.confirm(disruption);
    }

    /** Only a pause lasts: its process read back as still stopped, then SIGCONT. */
    @Override
    public FaultEvidence heal(Disruption disruption) throws InterruptedException, IOException {
        FaultEvidence evidence = Nemesis.readBeforeTheHeal(this, disruption);
        if (disruption instanceof Disruption.Paused paused) {
            cluster.resume(paused.node());
        }
        return evidence;
    }

    private NodeSelector.Named named(NodeSelector target) {
        return new NodeSelector.Named(resolve(target));
    }

    String resolve(NodeSelector target) {
        List<String> up = cluster.up();
        return switch (target) {
            case NodeSelector.Named named -> {
                if (!cluster.names().contains(named.node())) {
                    throw new IllegalArgumentException("no Tomcat member is named " + named.node() + "; the members"
                            + " are " + cluster.names());
                }
                yield named.node();
            }
            case NodeSelector.PrimaryOfMost ignored -> {
                Map<String, Integer> counts = new LinkedHashMap<>();
                up.forEach(name -> counts.put(name, 0));
                for (int user = 0; user < users; user++) {
                    serving.nodeServing(user).filter(counts::containsKey)
                            .ifPresent(node -> counts.merge(node, 1, Integer::sum));
                }
                yield counts.entrySet().stream().filter(entry -> entry.getValue() > 0)
                        .max(Map.Entry.comparingByValue()).map(Map.Entry::getKey)
                        .orElseThrow(() -> new IllegalStateException("no user has been served by a member that is"
                                + " up yet, so the primary of most sessions is unknown"));
            }
            case NodeSelector.PrimaryOfUser user -> serving.nodeServing(user.user()).filter(up::contains)
                    .orElseThrow(() -> new IllegalStateException("user " + user.user() + " has no member that is up"
                            + " serving it"));
            case NodeSelector.Random random -> {
                if (up.isEmpty()) {
                    throw new IllegalStateException("every Tomcat member is down, none to choose from");
                }
                yield up.get(randoms.computeIfAbsent(random.seed(), SplittableRandom::new).nextInt(up.size()));
            }
            case NodeSelector.Coordinator ignored -> throw new IllegalArgumentException(
                    "a Tomcat cluster has no coordinator replsim can read");
            case NodeSelector.BuddyOf ignored -> throw new IllegalArgumentException(
                    "the backup member of a Tomcat session is not read by replsim");
        };
    }

    private static IllegalArgumentException refused(FaultSpec fault) {
        return new IllegalArgumentException(fault.type() + " cannot run on a Tomcat cluster");
    }
}
