package io.replsim.scenario.fault;

import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.scenario.runtime.ReadBackTerms;
import io.replsim.scenario.spec.DelaySpec;
import io.replsim.scenario.spec.DiscardSpec;
import io.replsim.scenario.spec.DoubleKillSpec;
import io.replsim.scenario.spec.FaultSpec;
import io.replsim.scenario.spec.KillSpec;
import io.replsim.scenario.spec.NodeSelector;
import io.replsim.scenario.spec.PartitionSpec;
import io.replsim.scenario.spec.PauseSpec;
import io.replsim.scenario.spec.ResetSpec;
import io.replsim.scenario.spec.RestartSpec;
import io.replsim.scenario.spec.ResumeSpec;
import io.replsim.scenario.spec.StopSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The one nemesis, of every runtime: it asks the runtime to do each fault and to read it back, and the runtime
 * does it its way. Kills, stops, pauses and restarts are what the runtime does to a node (a signal to a process, a
 * docker command, the user's kill or restart command); delays become JGroups DELAY switched on through each node's
 * admin API, a discard a DISCARD narrowed to one sender with a probability, a reset the node's answer reset through
 * the same API, and partitions JGroups DISCARD, or, in
 * a runtime that cuts networks, a node taken off the network when it is alone on its side. Each is confirmed by
 * what the runtime reads back ({@link ClusterRuntime#state}, within its {@link ClusterRuntime#readBack() terms}):
 * the process's exit status or state, the container's state or networks, whether a URL answers, the inserted
 * protocols' own counts. What a runtime cannot do was refused before the run (its capabilities), so it never gets
 * here.
 */
public final class RuntimeNemesis implements Nemesis {
    private final ClusterRuntime runtime;
    private final TargetResolver targets;
    private final NodeReadBack readBack;
    private final ProtocolCounts counts;
    /**
     * For each restarted node that was up where a restart shows only as the node gone in between: whether it was
     * seen gone.
     */
    private final Map<String, FaultEvidence> goneBeforeRestart = new ConcurrentHashMap<>();

    /** Without a load: for a test that plays faults on a cluster nobody uses. */
    public RuntimeNemesis(ClusterRuntime runtime) {
        this(runtime, UserNodes.NONE, 0);
    }

    /**
     * {@code serving} answers which node serves each of the load's {@code users} users now, for the
     * {@code primary-of-user} targets and, where the nodes' stats are not read, {@code primary-of-most}.
     */
    public RuntimeNemesis(ClusterRuntime runtime, UserNodes serving, int users) {
        this.runtime = runtime;
        this.targets = new TargetResolver(runtime, serving, users);
        this.readBack = new NodeReadBack(runtime);
        this.counts = new ProtocolCounts(runtime);
    }

    @Override
    public FaultSpec aim(FaultSpec fault) throws InterruptedException {
        return switch (fault) {
            case KillSpec kill -> new KillSpec(kill.schedule(), resolved(kill.target()));
            case DoubleKillSpec pair -> new DoubleKillSpec(pair.schedule(), resolved(pair.target()), pair.gap());
            case StopSpec stop -> new StopSpec(stop.schedule(), resolved(stop.target()));
            case PauseSpec pause -> new PauseSpec(pause.schedule(), resolved(pause.target()), pause.lasting());
            case RestartSpec restart -> new RestartSpec(restart.schedule(), resolved(restart.target()));
            case DelaySpec delay -> new DelaySpec(delay.schedule(), resolved(delay.target()), delay.delay(),
                    delay.lasting());
            case ResetSpec reset -> new ResetSpec(reset.schedule(), resolved(reset.target()), reset.lasting());
            case DiscardSpec discard -> new DiscardSpec(discard.schedule(), resolved(discard.target()), discard.sender(),
                    discard.probability(), discard.lasting());
            case PartitionSpec partition when partition.sides() instanceof PartitionSpec.Isolate isolate ->
                    new PartitionSpec(partition.schedule(), new PartitionSpec.Isolate(resolved(isolate.target())),
                            partition.lasting());
            case PartitionSpec partition -> partition;
            case ResumeSpec resume -> resume;
        };
    }

    private NodeSelector.Named resolved(NodeSelector target) throws InterruptedException {
        return new NodeSelector.Named(targets.resolve(target));
    }

    @Override
    public Disruption inject(FaultSpec fault) throws InterruptedException, IOException {
        return switch (fault) {
            case KillSpec kill -> {
                String node = targets.resolve(kill.target());
                runtime.kill(node);
                yield new Disruption.Killed(node);
            }
            case DoubleKillSpec pair -> {
                String node = targets.resolve(pair.target());
                // The buddy as the view stands before the first death, which is the one holding node's backups.
                String buddy = targets.buddyOf(node);
                runtime.kill(node);
                Thread.sleep(pair.gap());
                runtime.kill(buddy);
                yield new Disruption.KilledPair(node, buddy, pair.gap(), System.currentTimeMillis());
            }
            case StopSpec stop -> {
                String node = targets.resolve(stop.target());
                runtime.stop(node);
                yield new Disruption.Stopped(node);
            }
            case PauseSpec pause -> {
                String node = targets.resolve(pause.target());
                runtime.pause(node);
                yield new Disruption.Paused(node);
            }
            case RestartSpec restart -> {
                String node = targets.resolve(restart.target());
                goneBeforeRestart.remove(node);
                if (isLive(node)) {
                    goneBetween(node).ifPresent(gone -> goneBeforeRestart.put(node, gone));
                }
                readBack.beforeRestart(node);
                runtime.restart(node);
                yield new Disruption.Restarted(node);
            }
            case DelaySpec delay -> {
                String node = targets.resolve(delay.target());
                runtime.admin(node).delayOutgoing(delay.delay());
                yield new Disruption.Delayed(node, delay.delay());
            }
            case DiscardSpec discard -> {
                String node = targets.resolve(discard.target());
                runtime.admin(node).loseFrom(discard.sender(), discard.probability());
                yield new Disruption.Losing(node, discard.sender(), discard.probability());
            }
            case ResetSpec reset -> {
                String node = targets.resolve(reset.target());
                runtime.admin(node).resetAnswered();
                yield new Disruption.Resetting(node);
            }
            case PartitionSpec partition -> partition(sides(partition.sides()));
            case ResumeSpec resume -> throw new IllegalArgumentException("a resume heals a pause; the timeline"
                    + " carries it out, not the nemesis");
        };
    }

    /**
     * Where a reading names no instance (a URL), a restart of a node that is up shows only when the node is killed
     * first and seen gone in between: what was seen then; empty where a new instance shows the restart.
     */
    private Optional<FaultEvidence> goneBetween(String node) throws InterruptedException {
        return switch (runtime.readBack().restarts()) {
            case ReadBackTerms.RestartShown.AsANewInstance ignored -> Optional.empty();
            case ReadBackTerms.RestartShown.DownInBetween ignored -> {
                runtime.kill(node);
                yield Optional.of(readBack.down(node));
            }
            case ReadBackTerms.RestartShown.NotShown notShown -> Optional.of(FaultEvidence.unconfirmed(node
                    + " was up and " + notShown.why()));
        };
    }

    private boolean isLive(String node) {
        return runtime.liveNodes().stream().anyMatch(live -> live.name().equals(node));
    }

    @Override
    public FaultEvidence confirm(Disruption disruption) throws InterruptedException {
        return switch (disruption) {
            case Disruption.Restarted restarted when goneBeforeRestart.containsKey(restarted.node()) -> {
                FaultEvidence gone = goneBeforeRestart.get(restarted.node());
                yield gone.confirmed() ? gone.followedBy(readBack.confirm(disruption)) : gone;
            }
            case Disruption.Delayed delayed -> counts.delayed(delayed.node());
            case Disruption.Losing losing -> counts.losing(losing.node());
            case Disruption.Resetting resetting -> resetConnections(resetting.node());
            case Disruption.Partitioned partitioned -> cutByNetwork(partitioned.sides())
                    ? offTheNetwork(partitioned.cutOff()) : counts.partitioned(partitioned.sides());
            default -> readBack.confirm(disruption);
        };
    }

    /** A restart's node seen gone before it was started again, where that is how a restart shows. */
    @Override
    public Optional<FaultEvidence> readSoFar(FaultSpec aimed) {
        return aimed instanceof RestartSpec restart && restart.target() instanceof NodeSelector.Named named
                ? Optional.ofNullable(goneBeforeRestart.get(named.node())) : Optional.empty();
    }

    @Override
    public FaultEvidence heal(Disruption disruption) throws InterruptedException, IOException {
        FaultEvidence evidence = Nemesis.readBeforeTheHeal(this, disruption);
        switch (disruption) {
            case Disruption.Paused paused -> runtime.resume(paused.node());
            case Disruption.Delayed delayed -> runtime.admin(delayed.node()).stopDelaying();
            case Disruption.Losing losing -> runtime.admin(losing.node()).stopLosing();
            case Disruption.Resetting resetting -> runtime.admin(resetting.node()).stopResetting();
            case Disruption.Partitioned partitioned -> {
                if (cutByNetwork(partitioned.sides())) {
                    reconnect(partitioned.cutOff());
                } else {
                    stopDiscarding(partitioned.sides().stream().flatMap(List::stream).toList());
                }
            }
            case Disruption.Killed ignored -> { }
            case Disruption.KilledPair ignored -> { }
            case Disruption.Stopped ignored -> { }
            case Disruption.Restarted ignored -> { }
        }
        return evidence;
    }

    /** Confirmed when the node reset at least one connection since its answer reset was switched on (its count). */
    private FaultEvidence resetConnections(String node) throws InterruptedException {
        try {
            long connections = runtime.admin(node).resets().resetConnections();
            return new FaultEvidence(connections > 0, node + "'s answer reset reset " + connections + " connections");
        } catch (IOException e) {
            return FaultEvidence.unconfirmed(node + "'s answer reset count not read: " + e.getMessage());
        }
    }

    /** Each cut-off node's container read back as on none of the run's networks. */
    private FaultEvidence offTheNetwork(List<String> cutOff) {
        List<String> seen = new ArrayList<>();
        boolean all = true;
        for (String node : cutOff) {
            try {
                boolean on = runtime.onNetwork(node);
                all &= !on;
                seen.add(node + (on ? " still on" : " off") + " the cluster's network (read back from the runtime)");
            } catch (IOException | RuntimeException e) {
                all = false;
                seen.add(node + "'s networks not read: " + e.getMessage());
            }
        }
        return new FaultEvidence(all, String.join("; ", seen));
    }

    private List<List<String>> sides(PartitionSpec.Sides sides) throws InterruptedException {
        return switch (sides) {
            case PartitionSpec.Named named -> named.sides();
            case PartitionSpec.Isolate isolate -> {
                String alone = targets.resolve(isolate.target());
                List<String> rest = runtime.liveNodes().stream().map(NodeHandle::name)
                        .filter(name -> !name.equals(alone)).toList();
                // The others first: on a tie (two nodes) the first largest side is the one that stays.
                yield List.of(rest, List.of(alone));
            }
        };
    }

    /** Every member of each side stops hearing every member of the other sides; the largest side stays. */
    private Disruption partition(List<List<String>> sides) throws InterruptedException, IOException {
        List<String> largest = sides.stream().max(Comparator.comparingInt(List::size)).orElseThrow();
        List<String> cutOff = sides.stream().filter(side -> side != largest).flatMap(List::stream).toList();
        if (cutByNetwork(sides)) {
            disconnect(cutOff);
            return new Disruption.Partitioned(sides, cutOff);
        }
        discard(sides);
        return new Disruption.Partitioned(sides, cutOff);
    }

    /**
     * A runtime that cuts networks (containers) takes each cut-off node off the network when it is alone on its
     * side; a side of several nodes that must still hear each other needs DISCARD, as a process runtime always does.
     */
    private boolean cutByNetwork(List<List<String>> sides) {
        List<String> largest = sides.stream().max(Comparator.comparingInt(List::size)).orElseThrow();
        return runtime.cutsNetwork() && sides.stream().filter(side -> side != largest).allMatch(side -> side.size() == 1);
    }

    /** Each node off the network; if one cannot be, those already off go back, so a failed cut leaves nothing. */
    private void disconnect(List<String> nodes) throws IOException {
        List<String> done = new ArrayList<>();
        try {
            for (String node : nodes) {
                runtime.disconnect(node);
                done.add(node);
            }
        } catch (IOException | RuntimeException e) {
            reconnect(done);
            throw e;
        }
    }

    private void reconnect(List<String> nodes) throws IOException {
        List<String> failed = new ArrayList<>();
        for (String node : nodes) {
            try {
                runtime.reconnect(node);
            } catch (IOException | RuntimeException e) {
                failed.add(node + " (" + e.getMessage() + ")");
            }
        }
        if (!failed.isEmpty()) {
            throw new IOException("could not put back on the network " + failed);
        }
    }

    /**
     * Every member of each side stops hearing every member of the other sides. If one node refuses, the rules
     * already in place are taken out again, so a failed partition leaves nothing behind.
     */
    private void discard(List<List<String>> sides) throws InterruptedException, IOException {
        List<String> applied = new ArrayList<>();
        try {
            for (List<String> side : sides) {
                Set<String> others = new HashSet<>();
                sides.stream().filter(other -> other != side).forEach(others::addAll);
                for (String node : side) {
                    applied.add(node);
                    runtime.admin(node).discardFrom(others);
                }
            }
        } catch (IOException | RuntimeException e) {
            stopDiscarding(applied);
            throw e;
        }
    }

    /** Takes the DISCARD out of every node that still runs; says which did not answer, after trying them all. */
    private void stopDiscarding(List<String> nodes) throws InterruptedException, IOException {
        Set<String> live = new HashSet<>(runtime.liveNodes().stream().map(NodeHandle::name).toList());
        List<String> failed = new ArrayList<>();
        for (String node : nodes) {
            if (!live.contains(node)) {
                continue;
            }
            try {
                runtime.admin(node).stopDiscarding();
            } catch (IOException e) {
                failed.add(node + " (" + e.getMessage() + ")");
            }
        }
        if (!failed.isEmpty()) {
            throw new IOException("could not remove the partition's DISCARD on " + failed);
        }
    }
}
