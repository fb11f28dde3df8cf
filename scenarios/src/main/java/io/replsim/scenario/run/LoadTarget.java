package io.replsim.scenario.run;

import io.replsim.loadgen.Load;
import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.OpenLoad;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.loadgen.history.HistoryFile;
import io.replsim.loadgen.open.OpenIntervalLogs;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.SessionsAtEnd;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.scenario.spec.LoadSpec;
import io.replsim.scenario.spec.ScenarioSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What a scenario's load is driven at: the nodes, the app's path on them and how its answers speak. The one place a
 * scenario's load section becomes a {@link Load}, closed-model users or open-model arrivals alike, for a run, a
 * drill against a cluster replsim does not run and each step of a capacity search.
 */
public record LoadTarget(List<NodeEndpoint> nodes, String path, TargetProtocol protocol) {

    public LoadTarget {
        nodes = List.copyOf(nodes);
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(protocol, "protocol");
    }

    /** replsim's own {@code nodes}, serving the scenario's workload app as its workload section configures it. */
    public static LoadTarget ofNodes(ScenarioSpec spec, List<NodeHandle> nodes) {
        return new LoadTarget(nodes.stream().map(node -> new NodeEndpoint(node.name(), node.httpUri())).toList(),
                spec.workload().app().path(), TargetProtocol.replsim(spec.sessionShapes()));
    }

    /** The same load on those of its nodes that are in {@code live}: a capacity search's survivors after its kill. */
    public LoadTarget on(List<NodeHandle> live) {
        List<String> names = live.stream().map(NodeHandle::name).toList();
        return new LoadTarget(nodes.stream().filter(node -> names.contains(node.name())).toList(), path, protocol);
    }

    /**
     * {@code spec}'s load at these nodes, not yet started. {@code latencyLog} gets the HdrHistogram interval log
     * (the open model's from each arrival's intended start, with the one from its send at
     * {@code uncorrectedLatencyLog}); {@code atEnd}: whether the users (the open model's sessions) end their
     * sessions after the load (a capacity step's, so the next step starts without them).
     */
    public Load loadOf(ScenarioSpec spec, Path latencyLog, Path uncorrectedLatencyLog, SessionsAtEnd atEnd) {
        return loadOf(spec, latencyLog, uncorrectedLatencyLog, atEnd, Optional.empty());
    }

    /**
     * As {@link #loadOf(ScenarioSpec, Path, Path, SessionsAtEnd)}, with {@code agent}: only that load agent's share of
     * the closed model's users, each drawing from the agents' common seed.
     */
    Load loadOf(ScenarioSpec spec, Path latencyLog, Path uncorrectedLatencyLog, SessionsAtEnd atEnd,
                Optional<LoadAgent> agent) {
        LoadSpec load = spec.load();
        if (load.isOpen() && agent.isPresent()) {
            throw new IllegalArgumentException("load agents share a closed model's users; " + spec.name()
                    + " has load.model open");
        }
        if (load.isOpen()) {
            return new OpenLoad(load.toOpenProfile(path, spec.sessionShapes()), nodes,
                    Optional.of(new OpenIntervalLogs(latencyLog, uncorrectedLatencyLog)), atEnd);
        }
        LoadProfile.Builder profile = load.toProfile(path).toBuilder().protocol(protocol);
        if (atEnd == SessionsAtEnd.ENDED) {
            profile.sessionsAtEnd(SessionsAtEnd.ENDED);
        }
        agent.ifPresent(share -> profile.share(share.share()).seed(share.seed()));
        // beside the latency log, in the run's directory, where replsim check finds it
        Optional<Path> history = load.history() ? Optional.of(latencyLog.resolveSibling(HistoryFile.NAME))
                : Optional.empty();
        return new LoadDriver(profile.build(), nodes, latencyLog, history);
    }
}
