package io.replsim.scenario.runtime;

import io.replsim.node.ClusterNode;
import io.replsim.node.PortTakenFailure;
import io.replsim.node.admin.AdminToken;
import io.replsim.node.options.BadArgumentException;
import io.replsim.node.options.NodeOptionsParser;
import io.replsim.replication.transport.ClusterSecret;
import io.replsim.replication.transport.Formation;
import io.replsim.scenario.provenance.Jdk;
import io.replsim.scenario.provenance.NodesRuntime;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Every node in this JVM: the node a process runs, started from the same command line ({@link NodeArguments},
 * parsed by the node's own parser) over the same TCP stack on loopback, each with its own HTTP, admin and JGroups
 * ports; the runner reaches it over HTTP with a token as it reaches a process. For fast tests and experiments, not
 * for figures: the nodes share this JVM's heap, CPU and garbage collector with each other and with the load driver.
 *
 * <p>A kill {@link ClusterNode#crash() crashes} the node: its JGroups stack stops without a leave, so the others
 * find out through failure detection as they do for a SIGKILL, and its listeners close; but no process dies (its
 * heap and threads busy in a request are freed only as they finish). A stop is a graceful leave, a restart a fresh
 * node with the same name and ports. What cannot be done to a thread group is refused before anything starts
 * ({@link #CAPABILITIES}): a pause (SIGSTOP), a forced full GC, the survivors' CPU. The CPU budget is not enforced,
 * and a node's CPU figure is this whole JVM's.
 *
 * <p>JGroups' SHARED_LOOPBACK would skip discovery, but it has no failure detection: a crashed member would stay in
 * the view, and a kill could not be played; TCP is the stack the processes run.
 */
public final class InJvmRuntime implements ClusterRuntime {
    private static final String PAUSE = "in-jvm nodes are threads of one JVM, no processes to SIGSTOP";
    private static final String PROCESSES = "run it on node processes (cluster.runtime: process)";

    /** What nodes sharing one JVM cannot do: a pause, a forced full GC, and a CPU figure of a node's own. */
    public static final RuntimeCapabilities CAPABILITIES = new RuntimeCapabilities("in-jvm", List.of(
            new RuntimeCapabilities.Lack(RuntimeCapability.FORCED_FULL_GC, "a full GC of one node collects this"
                    + " whole JVM, every node and the load driver at once", PROCESSES),
            new RuntimeCapabilities.Lack(RuntimeCapability.PAUSE, PAUSE, PROCESSES),
            new RuntimeCapabilities.Lack(RuntimeCapability.NODE_CPU, "a node's CPU figure is this whole JVM's (every"
                    + " node and the load driver), not the node's own", PROCESSES),
            new RuntimeCapabilities.Lack(RuntimeCapability.FLIGHT_RECORDING, "in-jvm nodes share this JVM, so one"
                    + " recording would hold every node and the load driver together", PROCESSES),
            new RuntimeCapabilities.Lack(RuntimeCapability.METRICS, "in-jvm nodes share this JVM, so a node's CPU,"
                    + " heap and GC series would be every node's and the load driver's together", PROCESSES)),
            RuntimeCapabilities.ScenarioFit.ANY);

    private static final String NOT_ITS_OWN_CPU = "in-jvm nodes share this JVM's threads, so no budget holds them,"
            + " and each node's CPU figure is this whole JVM's (every node and the load driver)";

    private final ScenarioSpec spec;
    private final Path logDirectory;
    private final PrintStream out;
    private final InetAddress bindAddress = InetAddress.getLoopbackAddress();
    private final HeldPorts heldPorts;
    private final String token = HexFormat.of().formatHex(SecureRandom.getSeed(24));
    private final ClusterSecret secret = ClusterSecret.generate();
    private final String clusterName = "replsim-in-jvm-" + Long.toHexString(ThreadLocalRandom.current().nextLong());
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private final Map<String, Member> members = new LinkedHashMap<>();
    /** How many times each node was restarted: what tells its new instance from the one before. */
    private final Map<String, Integer> restarts = new ConcurrentHashMap<>();
    private String memberList;
    private boolean closed;

    /** A node's start met one of its ports taken since its block was found free. */
    private static final class PortTakenAtStart extends Exception {
        PortTakenAtStart(String message) {
            super(message);
        }
    }

    /** A node this runtime started, or the last life of one it killed; {@code node} is null until it started. */
    private record Member(NodeHandle handle, NodePorts ports, AdminClient admin, ClusterNode node, boolean alive) {
        Member ended() {
            return new Member(handle, ports, admin, node, false);
        }
    }

    /**
     * {@code logDirectory}: where a passivating node puts its sessions (the nodes log where this JVM logs).
     *
     * @throws IllegalArgumentException naming every part of {@code spec} this runtime cannot play
     */
    public InJvmRuntime(ScenarioSpec spec, Path logDirectory, PrintStream out) {
        this(spec, logDirectory, out, new PortAllocator(InetAddress.getLoopbackAddress(), ThreadLocalRandom.current()));
    }

    /** With its ports from {@code portBlocks}. */
    InJvmRuntime(ScenarioSpec spec, Path logDirectory, PrintStream out, PortBlocks portBlocks) {
        List<SpecRefusal> refusals = CAPABILITIES.refusals(spec);
        if (!refusals.isEmpty()) {
            throw new IllegalArgumentException("cluster.runtime in-jvm cannot play this scenario: " + refusals);
        }
        this.spec = spec;
        this.logDirectory = logDirectory;
        this.out = out;
        this.heldPorts = new HeldPorts(portBlocks);
    }

    @Override
    public synchronized void start(Duration viewDeadline) throws ClusterStartException, InterruptedException {
        try {
            Files.createDirectories(logDirectory);
        } catch (IOException e) {
            throw new ClusterStartException("cannot create the node directory " + logDirectory + ": " + e.getMessage());
        }
        List<String> names = spec.cluster().nodeNames();
        long startedAt = System.nanoTime();
        for (int attempt = 1; ; attempt++) {
            try {
                startAll(names, heldPorts.take(names.size()), viewDeadline);
                break;
            } catch (PortTakenAtStart e) {
                if (attempt == PortBlocks.START_ATTEMPTS) {
                    throw new ClusterStartException(e.getMessage() + "; " + PortBlocks.START_ATTEMPTS
                            + " blocks of ports tried, each with a port taken by the time a node bound it: another"
                            + " program on this machine takes ports as fast as they are found free");
                }
                out.printf("replsim: %s; starting the cluster again on other ports%n", e.getMessage());
                abandonStart();
            }
        }
        out.printf(Locale.ROOT, "cluster up: %s in one view after %.1f s (in-jvm: every node in this JVM)%n", names,
                (System.nanoTime() - startedAt) / 1e9);
    }

    private void startAll(List<String> names, List<NodePorts> ports, Duration viewDeadline)
            throws ClusterStartException, InterruptedException, PortTakenAtStart {
        memberList = ports.stream().map(p -> bindAddress.getHostAddress() + "[" + p.jgroups() + "]")
                .collect(Collectors.joining(","));
        // The first node founds the cluster at once, as the process runtime's does; starting a node here returns
        // once it is in its cluster, so the others join one after the other.
        launch(names.getFirst(), ports.getFirst(), Formation.FOUND);
        awaitViews(List.of(names.getFirst()), 1, viewDeadline);
        for (int i = 1; i < names.size(); i++) {
            launch(names.get(i), ports.get(i), Formation.JOIN);
        }
        awaitViews(names, names.size(), viewDeadline);
    }

    /** A start that met a taken port: the nodes it started leave, and neither they nor their ports belong to the run. */
    private void abandonStart() {
        for (Member member : members.values()) {
            member.node().close();
        }
        members.clear();
    }

    private void launch(String name, NodePorts ports, Formation formation)
            throws ClusterStartException, PortTakenAtStart {
        URI httpUri = URI.create("http://" + bindAddress.getHostAddress() + ":" + ports.http());
        URI adminUri = URI.create("http://" + bindAddress.getHostAddress() + ":" + ports.admin());
        AdminClient admin = new AdminClient(name, new HttpAdminChannel(adminUri, token, http));
        ClusterNode node = startNode(name, ports, formation);
        members.put(name, new Member(new NodeHandle(name, httpUri), ports, admin, node, true));
        out.printf("started %s in this JVM: http %s%n", name, httpUri);
    }

    private ClusterNode startNode(String name, NodePorts ports, Formation formation)
            throws ClusterStartException, PortTakenAtStart {
        List<String> arguments = new ArrayList<>(NodeArguments.of(name, clusterName, bindAddress.getHostAddress(),
                ports, memberList, formation, spec.cluster(), spec.replication(), spec.workload()));
        if (spec.replication().lifecycle().maxActiveSessions().isPresent()) {
            arguments.addAll(List.of("--passivation-dir", logDirectory.resolve(name + "-passivated").toString()));
        }
        try {
            var options = new NodeOptionsParser().parse(arguments.toArray(String[]::new));
            // POST /admin/shutdown ends a process; here it is the same graceful leave, on the admin's own thread.
            ClusterNode[] started = new ClusterNode[1];
            started[0] = ClusterNode.startOverSockets(options, new AdminToken(token), secret, () -> {
                if (started[0] != null) {
                    started[0].close();
                }
            });
            return started[0];
        } catch (BadArgumentException e) {
            throw new ClusterStartException("the node's command line for " + name + " was refused: "
                    + e.getMessage());
        } catch (Exception e) {
            if (PortTakenFailure.causedBy(e)) {
                throw new PortTakenAtStart(name + " could not bind a port found free a moment before (" + e + ")");
            }
            throw new ClusterStartException("cannot start " + name + " in this JVM: " + e);
        }
    }

    private void awaitViews(List<String> names, int expectedMembers, Duration deadline)
            throws ClusterStartException, InterruptedException {
        ViewBarrier.await(names, expectedMembers, deadline, this::admin, new ViewBarrier.Watch() {
            @Override
            public Optional<String> deathNotice(String node) {
                return Optional.empty();
            }

            @Override
            public String logOf(String node) {
                return "this JVM's log (in-jvm nodes log where the JVM does)";
            }
        });
    }

    @Override
    public synchronized List<NodeHandle> nodes() {
        return members.values().stream().map(Member::handle).toList();
    }

    @Override
    public synchronized List<NodeHandle> liveNodes() {
        return members.values().stream().filter(Member::alive).map(Member::handle).toList();
    }

    @Override
    public synchronized AdminClient admin(String node) {
        return member(node).admin();
    }

    /** The node itself, for tests that look inside it (its store, its view). */
    public synchronized ClusterNode node(String name) {
        return member(name).node();
    }

    /** Every port the nodes listen on (HTTP, admin, JGroups, failure detection), for tests that check none is kept. */
    public synchronized List<Integer> ports() {
        return members.values().stream().map(Member::ports).flatMap(p -> Stream.of(p.http(),
                p.admin(), p.jgroups(), p.failureDetection())).toList();
    }

    @Override
    public void kill(String node) {
        end(node, ClusterNode::crash);
    }

    @Override
    public void stop(String node) {
        end(node, ClusterNode::close);
    }

    /** Outside the monitor: a node's end waits for its requests, and the runner reads the others meanwhile. */
    private void end(String name, Consumer<ClusterNode> how) {
        Member member;
        synchronized (this) {
            member = member(name);
            if (!member.alive()) {
                return;
            }
            members.put(name, member.ended());
        }
        how.accept(member.node());
    }

    /**
     * Whether the node's HTTP listener answers: a crashed or stopped node in this JVM closed it, and there is no
     * process of its own to read. The instance counts the node's starts, so that a restart, which answers on the
     * same URL, shows as a new one.
     */
    @Override
    public NodeState state(String node) throws InterruptedException {
        Member member;
        synchronized (this) {
            member = member(node);
        }
        NodeState read = UrlReadBack.state(member.handle().httpUri().resolve("/"));
        String instance = node + " start " + restarts.getOrDefault(node, 0);
        return switch (read) {
            case NodeState.Up up -> new NodeState.Up(instance, up.seen() + " (" + instance + ")");
            case NodeState.Down down -> new NodeState.Down(instance, down.seen());
            default -> read;
        };
    }

    @Override
    public void pause(String node) {
        throw new UnsupportedOperationException(PAUSE);
    }

    @Override
    public void resume(String node) {
        throw new UnsupportedOperationException(PAUSE);
    }

    @Override
    public void restart(String name) throws IOException {
        kill(name);
        synchronized (this) {
            Member old = member(name);
            ClusterNode fresh;
            try {
                fresh = startNode(name, old.ports(), Formation.JOIN);
            } catch (ClusterStartException | PortTakenAtStart e) {
                // a restart keeps the node's ports, so one taken meanwhile ends the restart
                throw new IOException(e.getMessage(), e);
            }
            members.put(name, new Member(old.handle(), old.ports(), old.admin(), fresh, true));
            restarts.merge(name, 1, Integer::sum);
        }
    }

    @Override
    public NodesRuntime nodesRuntime() {
        return new NodesRuntime(CAPABILITIES.runtime(), Jdk.thisJvm());
    }

    @Override
    public CpuBudgetEnforcement cpuBudget() {
        return CpuBudgetEnforcement.notEnforced(NOT_ITS_OWN_CPU);
    }

    /**
     * Every node still running leaves gracefully, all at once as the process runtime's SIGTERMs do (one after the
     * other, each leave would wait for the view the one before it made); then the admin client's threads end.
     */
    @Override
    public void close() {
        List<ClusterNode> running;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            running = members.values().stream().filter(Member::alive).map(Member::node).toList();
            members.replaceAll((name, member) -> member.ended());
        }
        List<Thread> leaving = running.stream().map(node -> Thread.ofVirtual().start(node::close)).toList();
        for (Thread leave : leaving) {
            try {
                leave.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        http.close();
        heldPorts.close();
    }

    private Member member(String name) {
        Member member = members.get(name);
        if (member == null) {
            throw new IllegalArgumentException("no node named " + name + "; the cluster has " + members.keySet());
        }
        return member;
    }
}
