package io.replsim.scenario.runtime;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import com.github.dockerjava.api.model.ContainerNetwork;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.ClusterSecret;
import io.replsim.scenario.provenance.Jdk;
import io.replsim.scenario.provenance.NodesRuntime;
import io.replsim.scenario.spec.ClusterSpec;
import io.replsim.scenario.spec.WorkloadSpec;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.utility.DockerImageName;

/**
 * One container per node on a Docker network made for the run, through Testcontainers. Each node's CPU budget is
 * its container's CPU quota, so the CPU it reports is measured against a budget the kernel enforces. Members find
 * each other by fixed addresses on the run's network (TCPPING needs them before the other containers exist). The
 * application port is published on the host's loopback only; the admin API is reached from inside the container.
 * Everything carries labels, so a run that crashed is cleaned up by the next one.
 */
public final class DockerRuntime implements ClusterRuntime {
    /** replsim's own nodes: every fault, check and load a scenario can ask for; no flight recordings or metrics yet. */
    public static final RuntimeCapabilities CAPABILITIES = new RuntimeCapabilities("docker", List.of(
            new RuntimeCapabilities.Lack(RuntimeCapability.FLIGHT_RECORDING, "a recording would stay inside its"
                    + " node's container, which the run removes", "run it on node processes (cluster.runtime:"
                    + " process)"),
            new RuntimeCapabilities.Lack(RuntimeCapability.METRICS, "the docker runtime publishes only each node's"
                    + " HTTP port on this machine, so no scraper outside the containers' network reaches a node's"
                    + " metrics port", "run it on node processes (cluster.runtime: process)")),
            RuntimeCapabilities.ScenarioFit.ANY);

    static final String LABEL_RUNTIME = "org.replsim.runtime";
    static final String LABEL_OWNER_PID = "org.replsim.owner-pid";
    private static final int HTTP_PORT = 8080;
    private static final int ADMIN_PORT = 9090;
    private static final int JGROUPS_PORT = 7800;
    /** Inside the container; listened on only with cluster.metrics, which this runtime refuses (CAPABILITIES). */
    private static final int METRICS_PORT = 9100;
    private static final long CONTAINER_OVERHEAD_BYTES = 192L << 20;
    private static final int SUBNET_ATTEMPTS = 20;
    private static final Duration STATS_EVERY = Duration.ofSeconds(2);

    private final ClusterSpec cluster;
    private final ReplicationSpec replication;
    private final WorkloadSpec workload;
    private final Path logDirectory;
    private final NodeImage image;
    private final NodeCompiler compiler;
    private final PrintStream out;
    private final String token = HexFormat.of().formatHex(SecureRandom.getSeed(24));
    /** Made for this run like the token, and handed over the same way: in the environment, never in argv. */
    private final String clusterSecret = ClusterSecret.newValue();
    private final String runId = Long.toHexString(ThreadLocalRandom.current().nextLong() & 0xffffffffL);
    private final List<NodeContainer> containers = new CopyOnWriteArrayList<>();
    private final Thread cleanupOnExit = Thread.ofPlatform().unstarted(this::removeEverything);
    private final Set<String> paused = ConcurrentHashMap.newKeySet();
    private final Map<String, Integer> restarts = new ConcurrentHashMap<>();
    /** The containers it ended or is about to end itself (kill, stop, restart, close), by id. */
    private final Set<String> endAsked = ConcurrentHashMap.newKeySet();
    /** Containers a restart removed after they had ended unasked. */
    private final List<NodeDeath> replacedDeaths = new CopyOnWriteArrayList<>();
    private volatile Network network;
    private volatile String tag;
    private volatile String members;
    private volatile Duration startDeadline;
    private boolean closed;

    public DockerRuntime(ClusterSpec cluster, ReplicationSpec replication, WorkloadSpec workload, Path logDirectory,
                         NodeImage image, NodeCompiler compiler, PrintStream out) {
        this.cluster = cluster;
        this.replication = replication;
        this.workload = workload;
        this.logDirectory = logDirectory;
        this.image = image;
        this.compiler = compiler;
        this.out = out;
    }

    @Override
    public boolean nodesBesideTheDriver() {
        return true;
    }

    /** The image's runtime is jlinked from this JDK, so it has its version and vendor. */
    @Override
    public NodesRuntime nodesRuntime() {
        return new NodesRuntime(CAPABILITIES.runtime(), Jdk.ofHome(image.javaHome()));
    }

    @Override
    public CpuBudgetEnforcement cpuBudget() {
        return CpuBudgetEnforcement.enforced(String.format(java.util.Locale.ROOT,
                "container CPU quota (--cpus %.2f) per node", cluster.cpuBudgetCores()));
    }

    private record NodeContainer(String name, String address, GenericContainer<?> container, BufferedWriter log,
                                 Path logFile, NodeHandle handle, AdminClient admin) {}

    @Override
    public synchronized void start(Duration viewDeadline) throws ClusterStartException, InterruptedException {
        if (!DockerClientFactory.instance().isDockerAvailable()) {
            throw new ClusterStartException("no Docker engine answers. Start one with docker/install-engine.sh "
                    + "(as root: it installs docker.io and starts dockerd), or run the scenario with runtime: process");
        }
        Runtime.getRuntime().addShutdownHook(cleanupOnExit);
        try {
            Files.createDirectories(logDirectory);
        } catch (IOException e) {
            throw new ClusterStartException("cannot create the node log directory " + logDirectory + ": " + e.getMessage());
        }
        removeLeftoversOfDeadRuns();
        tag = image.ensureBuilt();
        startDeadline = viewDeadline;
        String prefix = createNetwork();
        List<String> names = cluster.nodeNames();
        List<String> addresses = IntStream.range(0, names.size()).mapToObj(i -> prefix + (11 + i)).toList();
        members = addresses.stream().map(a -> a + "[" + JGROUPS_PORT + "]").collect(Collectors.joining(","));
        long startedAt = System.nanoTime();
        // The coordinator first, as in the process runtime.
        containers.add(launch(names.getFirst(), addresses.getFirst(), logDirectory.resolve(names.getFirst() + ".log")));
        ViewBarrier.await(List.of(names.getFirst()), 1, viewDeadline, this::admin, watch());
        for (int i = 1; i < names.size(); i++) {
            containers.add(launch(names.get(i), addresses.get(i), logDirectory.resolve(names.get(i) + ".log")));
        }
        ViewBarrier.await(names, names.size(), viewDeadline, this::admin, watch());
        out.printf(Locale.ROOT, "cluster up: %s in one view after %.1f s (containers, %.2f CPUs each)%n", names,
                (System.nanoTime() - startedAt) / 1e9, cluster.cpuBudgetCores());
    }

    /** A /24 of its own: Docker refuses one that overlaps a network it has, so try another until one fits. */
    private String createNetwork() throws ClusterStartException {
        RuntimeException last = null;
        for (int attempt = 0; attempt < SUBNET_ATTEMPTS; attempt++) {
            String prefix = "172.29." + ThreadLocalRandom.current().nextInt(256) + ".";
            Network candidate = Network.builder()
                    .driver("bridge")
                    .createNetworkCmdModifier(cmd -> cmd
                            .withName("replsim-" + runId)
                            .withLabels(labels())
                            .withIpam(new com.github.dockerjava.api.model.Network.Ipam().withConfig(
                                    new com.github.dockerjava.api.model.Network.Ipam.Config()
                                            .withSubnet(prefix + "0/24"))))
                    .build();
            try {
                candidate.getId();
                network = candidate;
                return prefix;
            } catch (RuntimeException e) {
                last = e;
            }
        }
        throw new ClusterStartException("could not create a Docker network for the run after " + SUBNET_ATTEMPTS
                + " tries: " + (last == null ? "" : last.getMessage()));
    }

    private NodeContainer launch(String name, String address, Path logFile) throws ClusterStartException {
        BufferedWriter log;
        try {
            log = Files.newBufferedWriter(logFile, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ClusterStartException("cannot write " + logFile + ": " + e.getMessage());
        }
        long heap = cluster.heap().bytes();
        GenericContainer<?> container = new GenericContainer<>(DockerImageName.parse(tag))
                .withNetwork(network)
                .withNetworkAliases(name)
                .withLabels(labels())
                .withEnv("REPLSIM_ADMIN_TOKEN", token)
                .withEnv(ClusterSecret.ENVIRONMENT_VARIABLE, clusterSecret)
                .withEnv("JAVA_TOOL_OPTIONS", String.join(" ", Stream.concat(Stream.of("-Xms" + heap, "-Xmx" + heap,
                        "-XX:+ExitOnOutOfMemoryError", "-Djava.net.preferIPv4Stack=true"),
                        compiler.jvmOptions().stream()).toList()))
                .withCommand(NodeArguments.of(name, "replsim-" + runId, address,
                        new NodePorts(HTTP_PORT, ADMIN_PORT, JGROUPS_PORT, METRICS_PORT), members, cluster, replication, workload)
                        .toArray(String[]::new))
                .withLogConsumer(frame -> append(log, frame.getUtf8String()))
                .withCreateContainerCmdModifier(cmd -> {
                    cmd.withName("replsim-" + runId + "-" + name)
                            .withIpv4Address(address)
                            .withExposedPorts(ExposedPort.tcp(HTTP_PORT));
                    cmd.getHostConfig()
                            .withNanoCPUs(Math.round(cluster.cpuBudgetCores() * 1e9))
                            .withMemory(heap * 2 + CONTAINER_OVERHEAD_BYTES)
                            .withPortBindings(new PortBinding(Ports.Binding.bindIp("127.0.0.1"),
                                    ExposedPort.tcp(HTTP_PORT)));
                })
                .waitingFor(Wait.forLogMessage(".*REPLSIM-NODE-READY.*\\n", 1).withStartupTimeout(startDeadline));
        try {
            container.start();
        } catch (RuntimeException e) {
            throw new ClusterStartException(name + " did not start in its container: " + e.getMessage()
                    + "; its log: " + logFile);
        }
        String hostPort = container.getContainerInfo().getNetworkSettings().getPorts().getBindings()
                .get(ExposedPort.tcp(HTTP_PORT))[0].getHostPortSpec();
        URI httpUri = URI.create("http://127.0.0.1:" + hostPort);
        NodeHandle handle = new NodeHandle(name, httpUri);
        out.printf("started %s (container %s, %s): http %s, log %s%n", name, container.getContainerName(), address,
                httpUri, logFile);
        return new NodeContainer(name, address, container, log, logFile, handle,
                new AdminClient(name, new ContainerAdminChannel(container, ADMIN_PORT)));
    }

    private Map<String, String> labels() {
        // Testcontainers adds its own org.testcontainers label as well.
        return Map.of(LABEL_RUNTIME, "docker", "org.replsim.run", runId,
                LABEL_OWNER_PID, Long.toString(ProcessHandle.current().pid()));
    }

    private static void append(BufferedWriter log, String text) {
        try {
            synchronized (log) {
                log.write(text);
                log.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ViewBarrier.Watch watch() {
        return new ViewBarrier.Watch() {
            @Override
            public Optional<String> deathNotice(String node) {
                GenericContainer<?> container = find(node).container();
                return container.isRunning() ? Optional.empty()
                        : Optional.of("stopped while starting; its log: " + find(node).logFile());
            }

            @Override
            public String logOf(String node) {
                return find(node).logFile().toString();
            }
        };
    }

    @Override
    public List<NodeHandle> nodes() {
        return containers.stream().map(NodeContainer::handle).toList();
    }

    @Override
    public List<NodeHandle> liveNodes() {
        return containers.stream().filter(c -> c.container().isRunning()).map(NodeContainer::handle).toList();
    }

    @Override
    public AdminClient admin(String node) {
        return find(node).admin();
    }

    /** {@code docker kill}: SIGKILL to the node's JVM, the container stays for its logs until the end. */
    @Override
    public void kill(String node) {
        GenericContainer<?> container = find(node).container();
        // a container already gone died unasked: a kill now does not make its death asked for
        if (container.isRunning()) {
            endAsked.add(container.getContainerId());
        }
        container.getDockerClient().killContainerCmd(container.getContainerId()).exec();
    }

    /** {@code docker stop}: SIGTERM, the node leaves the cluster; Docker kills it after 5 s. */
    @Override
    public void stop(String node) {
        GenericContainer<?> container = find(node).container();
        endAsked.add(container.getContainerId());
        container.getDockerClient().stopContainerCmd(container.getContainerId()).withTimeout(5).exec();
    }

    /** {@code docker pause}: the cgroup freezer, so the node keeps its sockets and answers nothing. */
    @Override
    public void pause(String node) {
        GenericContainer<?> container = find(node).container();
        // Noted before the pause: if this JVM dies in between, close() still unpauses it.
        paused.add(node);
        container.getDockerClient().pauseContainerCmd(container.getContainerId()).exec();
    }

    @Override
    public void resume(String node) {
        GenericContainer<?> container = find(node).container();
        container.getDockerClient().unpauseContainerCmd(container.getContainerId()).exec();
        paused.remove(node);
    }

    @Override
    public boolean cutsNetwork() {
        return true;
    }

    /** {@code docker inspect}: running, paused, or exited with its exit code. */
    @Override
    public NodeState state(String node) {
        return ContainerReadBack.state(find(node).container());
    }

    @Override
    public boolean onNetwork(String node) {
        return ContainerReadBack.onNetwork(find(node).container(), network.getId());
    }

    @Override
    public Optional<List<NodeDeath>> deathsUnasked() {
        List<NodeDeath> deaths = new java.util.ArrayList<>(replacedDeaths);
        containers.forEach(node -> deathUnasked(node).ifPresent(deaths::add));
        return Optional.of(deaths);
    }

    private Optional<NodeDeath> deathUnasked(NodeContainer node) {
        if (endAsked.contains(node.container().getContainerId())
                || !(ContainerReadBack.state(node.container()) instanceof NodeState.Down down)) {
            return Optional.empty();
        }
        return Optional.of(new NodeDeath(node.name(), down.instance(), down.seen(), System.currentTimeMillis()));
    }

    /**
     * {@code docker network disconnect}: the container loses its interface on the run's network, so its peers'
     * packets to it go nowhere (as with a cable pulled) and clients reach it no more either.
     */
    @Override
    public void disconnect(String node) throws IOException {
        NodeContainer target = find(node);
        try {
            DockerClientFactory.instance().client().disconnectFromNetworkCmd().withNetworkId(network.getId())
                    .withContainerId(target.container().getContainerId()).withForce(true).exec();
        } catch (RuntimeException e) {
            throw new IOException("docker network disconnect " + node + ": " + e.getMessage(), e);
        }
    }

    /** {@code docker network connect} at the node's old address, so its peers' member lists still name it. */
    @Override
    public void reconnect(String node) throws IOException {
        NodeContainer target = find(node);
        try {
            DockerClientFactory.instance().client().connectToNetworkCmd().withNetworkId(network.getId())
                    .withContainerId(target.container().getContainerId())
                    .withContainerNetwork(new ContainerNetwork().withAliases(node)
                            .withIpamConfig(new ContainerNetwork.Ipam().withIpv4Address(target.address())))
                    .exec();
        } catch (RuntimeException e) {
            throw new IOException("docker network connect " + node + ": " + e.getMessage(), e);
        }
    }

    /**
     * Every stats read is a {@code docker exec} (the admin API is not published), which costs the engine and the
     * node far more than a loopback HTTP call: read half as often as on processes.
     */
    @Override
    public Duration statsEvery() {
        return STATS_EVERY;
    }

    /** A fresh container with the same name and address; the old one (killed or running) is removed first. */
    @Override
    public synchronized void restart(String node) throws IOException {
        NodeContainer old = find(node);
        if (paused.remove(node)) {
            resume(node);
        }
        deathUnasked(old).ifPresent(replacedDeaths::add);
        endAsked.add(old.container().getContainerId());
        old.container().stop();
        old.log().close();
        int restart = restarts.merge(node, 1, Integer::sum);
        NodeContainer fresh;
        try {
            fresh = launch(node, old.address(), logDirectory.resolve(node + "-restart" + restart + ".log"));
        } catch (ClusterStartException e) {
            throw new IOException(e.getMessage(), e);
        }
        containers.set(containers.indexOf(old), fresh);
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        containers.forEach(node -> endAsked.add(node.container().getContainerId()));
        for (NodeContainer node : containers) {
            GenericContainer<?> container = node.container();
            try {
                if (paused.remove(node.name())) {
                    resume(node.name());
                }
                if (container.isRunning()) {
                    // A graceful leave first, as the process runtime does with SIGTERM.
                    container.getDockerClient().stopContainerCmd(container.getContainerId()).withTimeout(5).exec();
                }
            } catch (RuntimeException e) {
                out.println("replsim: stopping " + node.name() + ": " + e.getMessage());
            }
        }
        removeEverything();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanupOnExit);
        } catch (IllegalStateException | IllegalArgumentException alreadyExitingOrNeverAdded) {
            // the JVM is shutting down and runs the hook itself, or start() never got that far
        }
    }

    private void removeEverything() {
        for (NodeContainer node : containers) {
            try {
                node.container().stop();
            } catch (RuntimeException e) {
                System.err.println("replsim: removing " + node.name() + "'s container: " + e.getMessage());
            }
            try {
                node.log().close();
            } catch (IOException ignored) {
                // the log is as complete as it got
            }
        }
        if (network != null) {
            try {
                network.close();
            } catch (RuntimeException e) {
                System.err.println("replsim: removing the run's network: " + e.getMessage());
            }
        }
    }

    /** Containers and networks of runs whose runner is gone (SIGKILLed, crashed): nobody else will remove them. */
    private void removeLeftoversOfDeadRuns() {
        DockerClient docker = DockerClientFactory.instance().client();
        List<Container> leftovers = docker.listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(LABEL_RUNTIME, "docker")).exec();
        for (Container container : leftovers) {
            if (ownerGone(container.getLabels())) {
                docker.removeContainerCmd(container.getId()).withForce(true).exec();
                out.println("replsim: removed container " + String.join(",", container.getNames())
                        + " left by a run that is gone");
            }
        }
        for (var net : docker.listNetworksCmd().withFilter("label", List.of(LABEL_RUNTIME + "=docker")).exec()) {
            if (ownerGone(net.getLabels())) {
                docker.removeNetworkCmd(net.getId()).exec();
            }
        }
    }

    private static boolean ownerGone(Map<String, String> labels) {
        String pid = labels == null ? null : labels.get(LABEL_OWNER_PID);
        if (pid == null || !pid.matches("\\d+")) {
            return true;
        }
        return ProcessHandle.of(Long.parseLong(pid)).map(p -> !p.isAlive()).orElse(true);
    }

    private NodeContainer find(String node) {
        return containers.stream().filter(c -> c.name().equals(node)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no node named " + node + "; the cluster has "
                        + containers.stream().map(NodeContainer::name).toList()));
    }
}
