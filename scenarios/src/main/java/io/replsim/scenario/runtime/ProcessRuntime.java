package io.replsim.scenario.runtime;

import io.replsim.node.NodeMain;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.ClusterSecret;
import io.replsim.replication.transport.Formation;
import io.replsim.scenario.provenance.Jdk;
import io.replsim.scenario.provenance.NodesRuntime;
import io.replsim.scenario.spec.ClusterSpec;
import io.replsim.scenario.spec.WorkloadSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;

/**
 * Each node its own JVM on loopback with its own HTTP, admin and JGroups ports; faults are signals. Every process
 * it starts is stopped in {@link #close()}, and by a shutdown hook if this JVM is ended (Ctrl-C) first; the nodes
 * also watch this process and exit when it is gone, which covers a SIGKILL of the runner. Each node is held to its
 * CPU budget by a cgroup quota of its own where the host allows it ({@link #cpuBudget()} says whether it did, or
 * why not); the groups go with the processes.
 */
public final class ProcessRuntime implements ClusterRuntime {
    /** replsim's own nodes: every fault, check and load a scenario can ask for. */
    public static final RuntimeCapabilities CAPABILITIES = RuntimeCapabilities.everything("process");

    private static final Duration KILL_DEADLINE = Duration.ofSeconds(10);
    private static final Duration STOP_GRACE = Duration.ofSeconds(5);

    private final ClusterSpec cluster;
    private final Path logDirectory;
    private final NodeLauncher launcher;
    private final PrintStream out;
    private final InetAddress bindAddress = InetAddress.getLoopbackAddress();
    private final String token = HexFormat.of().formatHex(SecureRandom.getSeed(24));
    /** Made for this run like the token, and handed over the same way: in the environment, never in argv. */
    private final String clusterSecret = ClusterSecret.newValue();
    private final NodeCommandLine commands;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    // Read by the shutdown hook without the monitor, hence copy-on-write; a cluster has a handful of nodes.
    private final List<NodeProcess> processes = new CopyOnWriteArrayList<>();
    /** Every process it started, those a restart replaced too, for the deaths nobody asked for. */
    private final List<ProcessWatch> started = new CopyOnWriteArrayList<>();
    private final Map<String, AdminClient> admins = new ConcurrentHashMap<>();
    private final Map<String, NodePorts> portsByNode = new ConcurrentHashMap<>();
    private final Set<String> paused = ConcurrentHashMap.newKeySet();
    private final Map<String, Integer> restarts = new ConcurrentHashMap<>();
    private volatile String members;
    private final Thread cleanupOnExit = Thread.ofPlatform().unstarted(this::killAllOnExit);
    private final CpuQuotaHost quotaHost;
    private final HeldPorts heldPorts;
    private volatile CpuQuotaGroups quotas;
    private volatile CpuBudgetEnforcement cpuBudget = CpuBudgetEnforcement.notEnforced("the cluster was not started");
    private volatile ClusterStartCache startCache;
    private boolean closed;

    public ProcessRuntime(ClusterSpec cluster, ReplicationSpec replication, WorkloadSpec workload, Path logDirectory,
                          NodeLauncher launcher, PrintStream out) {
        this(cluster, replication, workload, logDirectory, launcher, out, CpuQuotaHost.THIS_HOST);
    }

    /** With the CPU quotas of {@code quotaHost} instead of this host's cgroup controller. */
    public ProcessRuntime(ClusterSpec cluster, ReplicationSpec replication, WorkloadSpec workload, Path logDirectory,
                          NodeLauncher launcher, PrintStream out, CpuQuotaHost quotaHost) {
        this(cluster, replication, workload, logDirectory, launcher, out, quotaHost,
                new PortAllocator(InetAddress.getLoopbackAddress(), ThreadLocalRandom.current()));
    }

    /** With its ports from {@code portBlocks} too. */
    public ProcessRuntime(ClusterSpec cluster, ReplicationSpec replication, WorkloadSpec workload, Path logDirectory,
                          NodeLauncher launcher, PrintStream out, CpuQuotaHost quotaHost, PortBlocks portBlocks) {
        this.quotaHost = quotaHost;
        this.heldPorts = new HeldPorts(portBlocks);
        this.cluster = cluster;
        this.logDirectory = logDirectory;
        this.launcher = launcher;
        this.out = out;
        this.commands = new NodeCommandLine(launcher, cluster, replication, workload, logDirectory,
                "replsim-" + Long.toHexString(ThreadLocalRandom.current().nextLong()), bindAddress.getHostAddress());
        this.startCache = ClusterStartCache.off(cluster, logDirectory, out);
    }

    @Override
    public synchronized void start(Duration viewDeadline) throws ClusterStartException, InterruptedException {
        Runtime.getRuntime().addShutdownHook(cleanupOnExit);
        try {
            Files.createDirectories(logDirectory);
        } catch (IOException e) {
            throw new ClusterStartException("cannot create the node log directory " + logDirectory + ": " + e.getMessage());
        }
        openCpuQuotas();
        startCache = ClusterStartCache.of(cluster, launcher, logDirectory, out);
        List<String> names = cluster.nodeNames();
        long startedAt = System.nanoTime();
        for (int attempt = 1; ; attempt++) {
            try {
                launchAll(names, heldPorts.take(names.size()), viewDeadline);
                break;
            } catch (ClusterStartException e) {
                Optional<NodeProcess> portTaken = processes.stream()
                        .filter(process -> Objects.equals(process.exitCode(), NodeMain.EXIT_PORT_TAKEN)).findFirst();
                if (portTaken.isEmpty() || attempt == PortBlocks.START_ATTEMPTS) {
                    throw e;
                }
                out.printf("replsim: %s could not bind a port found free a moment before (%s); starting the cluster"
                        + " again on other ports%n", portTaken.get().handle().name(), portTaken.get().logTail(1));
                abandonStart();
            }
        }
        out.printf(Locale.ROOT, "cluster up: %s in one view after %.1f s%s%n", names,
                (System.nanoTime() - startedAt) / 1e9, startCache.startedHow());
        startCache.reportRefusals(names);
    }

    private void launchAll(List<String> names, List<NodePorts> ports, Duration viewDeadline)
            throws ClusterStartException, InterruptedException {
        members = ports.stream().map(p -> bindAddress.getHostAddress() + "[" + p.jgroups() + "]")
                .collect(Collectors.joining(","));
        // The first node founds the cluster without waiting out a join timeout (nobody else can be in a cluster
        // whose name and secret are this run's); the others start beside it and join it once it is the
        // coordinator (docs/replication.md, "How a cluster forms").
        launch(names.getFirst(), ports.getFirst(), members, Formation.FOUND);
        for (int i = 1; i < names.size(); i++) {
            launch(names.get(i), ports.get(i), members, Formation.JOIN_FOUNDER);
        }
        awaitViews(names, names.size(), viewDeadline);
    }

    /**
     * A start that met a taken port: its nodes go, and neither their ends, their ports nor their flight recordings
     * (created as each JVM started) belong to the run.
     */
    private void abandonStart() throws InterruptedException {
        for (NodeProcess process : processes) {
            process.kill(KILL_DEADLINE);
            started.remove(process.watch());
            deleteRecording(process);
        }
        processes.clear();
        portsByNode.clear();
    }

    private void deleteRecording(NodeProcess process) {
        Path recording = NodeFlightRecording.file(logDirectory, process.handle().name(), process.pid());
        try {
            Files.deleteIfExists(recording);
        } catch (IOException e) {
            out.printf("replsim: the abandoned start's recording %s could not be deleted (%s); the run's summary"
                    + " lists it beside the node's own%n", recording, e.getMessage());
        }
    }

    private void openCpuQuotas() {
        try {
            quotas = quotaHost.open(cluster.cpuBudgetCores(), out);
            cpuBudget = CpuBudgetEnforcement.enforced(quotas.describe());
        } catch (CgroupUnavailableException e) {
            cpuBudget = CpuBudgetEnforcement.notEnforced(e.getMessage());
            out.println("replsim: CPU budget not enforced: " + e.getMessage());
        }
    }

    private Duration stopGrace() {
        return STOP_GRACE.plus(startCache.extraExitTime());
    }

    @Override
    public boolean nodesBesideTheDriver() {
        return true;
    }

    /** Node JVMs of the java the launcher names, read from its JDK's release file. */
    @Override
    public NodesRuntime nodesRuntime() {
        return new NodesRuntime(CAPABILITIES.runtime(), Jdk.ofJava(launcher.java()));
    }

    @Override
    public CpuBudgetEnforcement cpuBudget() {
        return cpuBudget;
    }

    /** The run's CPU cgroups, when the budget is enforced: for tests that read what the kernel did. */
    public Optional<CpuQuotaGroups> cpuQuotas() {
        return Optional.ofNullable(quotas);
    }

    /** The process id of {@code node}'s current process. */
    public long pid(String node) {
        return process(node).pid();
    }

    /** Each node's metrics port on loopback, a restarted node's the same as its first life's. */
    @Override
    public List<MetricsEndpoint> metricsEndpoints() {
        if (!cluster.metrics()) {
            return List.of();
        }
        return cluster.nodeNames().stream().filter(portsByNode::containsKey)
                .map(name -> MetricsEndpoint.of(name, bindAddress.getHostAddress(), portsByNode.get(name).metrics()))
                .toList();
    }

    /** Where {@code node} listens: for tests that reach its ports as a peer on the network would. */
    public NodePorts ports(String node) {
        process(node);
        return portsByNode.get(node);
    }

    private void launch(String name, NodePorts ports, String members, Formation formation)
            throws ClusterStartException {
        try {
            processes.add(spawn(name, ports, members, formation, logDirectory.resolve(name + ".log")));
        } catch (IOException e) {
            throw new ClusterStartException("cannot start " + name + " with " + launcher.java() + ": " + e.getMessage());
        }
        portsByNode.put(name, ports);
    }

    private NodeProcess spawn(String name, NodePorts ports, String members, Formation formation, Path log)
            throws IOException {
        List<String> command = commands.of(name, ports, members, formation, startCache);
        ProcessBuilder builder = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("REPLSIM_ADMIN_TOKEN", token);
        builder.environment().put(ClusterSecret.ENVIRONMENT_VARIABLE, clusterSecret);
        Process process = builder.start();
        limitCpu(name, process);
        URI httpUri = URI.create("http://" + bindAddress.getHostAddress() + ":" + ports.http());
        URI adminUri = URI.create("http://" + bindAddress.getHostAddress() + ":" + ports.admin());
        NodeHandle handle = new NodeHandle(name, httpUri);
        admins.put(name, new AdminClient(name, new HttpAdminChannel(adminUri, token, http)));
        out.printf("started %s (pid %d): http %s, %slog %s%n", name, process.pid(), httpUri, cluster.metrics()
                ? "metrics " + MetricsEndpoint.of(name, bindAddress.getHostAddress(), ports.metrics()).uri() + ", "
                : "", log);
        NodeProcess node = new NodeProcess(handle, process, log);
        started.add(node.watch());
        return node;
    }

    /** Right after the start, before the JVM has loaded a class of the node: it serves nothing unlimited. */
    private void limitCpu(String name, Process process) {
        CpuQuotaGroups groups = quotas;
        if (groups == null) {
            return;
        }
        try {
            groups.place(name, process.pid());
        } catch (IOException e) {
            cpuBudget = CpuBudgetEnforcement.notEnforced("could not put " + name + " (pid " + process.pid()
                    + ") into its CPU cgroup: " + e.getMessage());
            out.println("replsim: CPU budget not enforced: " + cpuBudget.detail());
        }
    }

    private void awaitViews(List<String> names, int expectedMembers, Duration deadline)
            throws ClusterStartException, InterruptedException {
        ViewBarrier.await(names, expectedMembers, deadline, this::admin, new NodeProcessWatch(this::process));
    }

    @Override
    public List<NodeHandle> nodes() {
        return processes.stream().map(NodeProcess::handle).toList();
    }

    @Override
    public List<NodeHandle> liveNodes() {
        return processes.stream().filter(NodeProcess::alive).map(NodeProcess::handle).toList();
    }

    @Override
    public AdminClient admin(String node) {
        process(node);
        return admins.get(node);
    }

    @Override
    public void kill(String node) throws InterruptedException {
        process(node).kill(KILL_DEADLINE);
    }

    @Override
    public void stop(String node) throws InterruptedException {
        process(node).stop(stopGrace());
    }

    @Override
    public void pause(String node) throws IOException, InterruptedException {
        NodeProcess process = process(node);
        // Noted before the signal: if this JVM dies in between, the node is still resumed, never left frozen.
        paused.add(node);
        process.signal("STOP");
    }

    @Override
    public void resume(String node) throws IOException, InterruptedException {
        process(node).signal("CONT");
        paused.remove(node);
    }

    @Override
    public synchronized void restart(String node) throws InterruptedException, IOException {
        NodeProcess old = process(node);
        if (old.alive()) {
            old.kill(KILL_DEADLINE);
        }
        paused.remove(node);
        int restart = restarts.merge(node, 1, Integer::sum);
        // A log of its own, so the first life's log stays whole for the report.
        NodeProcess fresh = spawn(node, portsByNode.get(node), members, Formation.JOIN,
                logDirectory.resolve(node + "-restart" + restart + ".log"));
        processes.set(processes.indexOf(old), fresh);
    }

    /** The node's current process: its exit status, or its state in /proc (T once a SIGSTOP froze it). */
    @Override
    public NodeState state(String node) {
        return process(node).watch().state();
    }

    @Override
    public Optional<List<NodeDeath>> deathsUnasked() {
        return Optional.of(started.stream().flatMap(watch -> watch.deathUnasked().stream()).toList());
    }

    /** The nodes paused now, for tests that check every pause was healed. */
    public Set<String> paused() {
        return Set.copyOf(paused);
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        started.forEach(ProcessWatch::endAsked);
        resumeAll();
        startCache.releaseRecorder(quotas);
        List<Thread> stoppers = processes.stream()
                .map(process -> Thread.ofVirtual().start(() -> {
                    try {
                        process.stop(stopGrace());
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }))
                .toList();
        for (Thread stopper : stoppers) {
            try {
                stopper.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        killAll();
        heldPorts.close();
        removeCpuQuotas();
        startCache.keepRecorded(processes);
        try {
            Runtime.getRuntime().removeShutdownHook(cleanupOnExit);
        } catch (IllegalStateException | IllegalArgumentException alreadyExitingOrNeverAdded) {
            // the JVM is already shutting down and runs the hook itself, or start() never got that far
        }
    }

    /** A frozen node ignores SIGTERM until it runs again, and a leave needs it running. */
    private void resumeAll() {
        for (String node : Set.copyOf(paused)) {
            try {
                resume(node);
            } catch (IOException | RuntimeException e) {
                out.println("replsim: could not resume " + node + ": " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Ctrl-C or a crash of this JVM: nothing it started may outlive it. */
    private void killAllOnExit() {
        started.forEach(ProcessWatch::endAsked);
        long alive = processes.stream().filter(NodeProcess::alive).count();
        if (alive > 0) {
            System.err.printf("%nreplsim: interrupted; killing the %d node process(es) still running%n", alive);
        }
        killAll();
        removeCpuQuotas();
        // A recorder killed while writing leaves a partial recording of 40 MB or so: gone with the run.
        startCache.keepRecorded(processes);
    }

    private void removeCpuQuotas() {
        CpuQuotaGroups groups = quotas;
        if (groups != null) {
            List<String> left = groups.remove();
            if (!left.isEmpty()) {
                System.err.println("replsim: could not remove the CPU cgroups " + left);
            }
        }
    }

    private void killAll() {
        for (NodeProcess process : processes) {
            if (process.alive()) {
                try {
                    process.kill(KILL_DEADLINE);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }

    private NodeProcess process(String name) {
        return processes.stream().filter(p -> p.handle().name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no node named " + name + "; the cluster has "
                        + processes.stream().map(p -> p.handle().name()).toList()));
    }
}
