package io.replsim.scenario.runtime.tomcat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.scenario.provenance.Jdk;
import io.replsim.scenario.provenance.NodesRuntime;
import io.replsim.scenario.runtime.AdminClient;
import io.replsim.scenario.runtime.ClusterRuntime;
import io.replsim.scenario.runtime.ClusterStartException;
import io.replsim.scenario.runtime.DirectoryTree;
import io.replsim.scenario.runtime.NodeDeath;
import io.replsim.scenario.runtime.NodeHandle;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.NodePorts;
import io.replsim.scenario.runtime.NodeState;
import io.replsim.scenario.runtime.PortAllocator;
import io.replsim.scenario.runtime.ProcessWatch;
import io.replsim.scenario.runtime.HeldPorts;
import io.replsim.scenario.spec.ClusterSpec;
import io.replsim.scenario.spec.TomcatSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A cluster of embedded Apache Tomcat 11 processes on loopback (tomcat-node's {@code TomcatNodeMain}), named
 * node1..nodeN like replsim's own, each serving replsim-probe.war under its jvmRoute. Members start one after
 * another, each once the one before it is up and seen by every member, since DeltaManager members started together
 * can stall each other's session state transfer for a minute. Faults are what replsim does to its own node
 * processes: SIGKILL, SIGTERM, SIGSTOP/SIGCONT, and a fresh process with the same name and ports. Whatever it
 * started it ends in {@link #close()}, also after a failed start.
 */
public final class TomcatCluster implements ClusterRuntime {
    public static final String MAIN_CLASS = "io.replsim.tomcat.TomcatNodeMain";
    private static final String READY = "REPLSIM-TOMCAT-READY name=";
    private static final Duration READY_DEADLINE = Duration.ofSeconds(90);
    private static final Duration MEMBERS_DEADLINE = Duration.ofSeconds(60);
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);
    private static final Duration STATUS_TIMEOUT = Duration.ofSeconds(2);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ClusterSpec cluster;
    private final TomcatSpec tomcat;
    private final Path war;
    private final Path nodeLogs;
    private final Path work;
    private final NodeLauncher launcher;
    private final PrintStream out;
    private final String token = newToken();
    private final List<String> names;
    private final Map<String, NodePorts> ports = new LinkedHashMap<>();
    private final HeldPorts heldPorts = new HeldPorts(new PortAllocator(InetAddress.getLoopbackAddress(),
            new SecureRandom()));
    private final Map<String, Process> processes = new ConcurrentHashMap<>();
    /** Every member process started, those a restart replaced too, for the deaths nobody asked for. */
    private final Map<Process, ProcessWatch> watches = new ConcurrentHashMap<>();
    private final Set<String> paused = ConcurrentHashMap.newKeySet();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(STATUS_TIMEOUT).build();

    /** {@code nodeLogs}: where each member's output goes, {@code <node>.log}. */
    public TomcatCluster(ClusterSpec cluster, TomcatSpec tomcat, Path war, Path nodeLogs, NodeLauncher launcher,
                         PrintStream out) throws IOException {
        this.cluster = cluster;
        this.tomcat = tomcat;
        this.war = war;
        this.nodeLogs = nodeLogs;
        this.launcher = launcher;
        this.out = out;
        this.names = cluster.nodeNames();
        Files.createDirectories(nodeLogs);
        this.work = Files.createTempDirectory("replsim-tomcat-");
    }

    /**
     * As {@link #start()}: each member's own wait for the others stands for the view deadline, since a Tomcat member
     * has no replsim view to wait for.
     */
    @Override
    public void start(Duration viewDeadline) throws ClusterStartException, InterruptedException {
        start();
    }

    /** Starts every member in order, each once it serves and every member sees every other started so far. */
    public void start() throws ClusterStartException, InterruptedException {
        List<NodePorts> allocated = heldPorts.take(names.size());
        for (int i = 0; i < names.size(); i++) {
            ports.put(names.get(i), allocated.get(i));
        }
        List<String> started = new ArrayList<>();
        for (String name : names) {
            long startNanos = System.nanoTime();
            launch(name);
            started.add(name);
            awaitMembers(started);
            out.printf("replsim: tomcat %s up and seen by %s after %d ms%n", name, started,
                    (System.nanoTime() - startNanos) / 1_000_000);
        }
    }

    public List<String> names() {
        return names;
    }

    /** Every member's HTTP endpoint, by name, in order. */
    public List<NodeEndpoint> endpoints() {
        return names.stream().map(name -> new NodeEndpoint(name,
                URI.create("http://127.0.0.1:" + ports.get(name).http()))).toList();
    }

    @Override
    public List<NodeHandle> nodes() {
        return endpoints().stream().map(node -> new NodeHandle(node.name(), node.baseUri())).toList();
    }

    /** The members running and not paused. */
    @Override
    public List<NodeHandle> liveNodes() {
        List<String> up = up();
        return nodes().stream().filter(node -> up.contains(node.name())).toList();
    }

    @Override
    public NodesRuntime nodesRuntime() {
        return new NodesRuntime(TomcatCapabilities.OF_TOMCAT.runtime(), Jdk.ofJava(launcher.java()));
    }

    /** A Tomcat member has no replsim admin API: its figures are read from its status page, after the run. */
    @Override
    public boolean readsNodeStats() {
        return false;
    }

    @Override
    public AdminClient admin(String node) {
        throw new UnsupportedOperationException("a Tomcat member has no replsim admin API; its status page is "
                + node + "'s figures");
    }

    /** The members running and not paused. */
    public List<String> up() {
        return names.stream().filter(name -> alive(name) && !paused.contains(name)).toList();
    }

    public boolean alive(String name) {
        Process process = processes.get(name);
        return process != null && process.isAlive();
    }

    /** SIGKILL: Tomcat gets no chance to leave the cluster or send what it queued. */
    @Override
    public void kill(String name) throws InterruptedException {
        Process process = process(name);
        // a process already gone died unasked: a kill now does not make its death asked for
        if (process.isAlive()) {
            watches.get(process).endAsked();
        }
        process.destroyForcibly();
        process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
        paused.remove(name);
    }

    /** SIGTERM: Tomcat stops its context and leaves the cluster; one that does not exit in time is killed. */
    @Override
    public void stop(String name) throws InterruptedException {
        Process process = process(name);
        watches.get(process).endAsked();
        process.destroy();
        if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
            kill(name);
        }
    }

    /** SIGSTOP: the member holds its sockets and answers nothing, as in a long GC pause. */
    @Override
    public void pause(String name) throws IOException, InterruptedException {
        // noted first: a member marked paused is always resumed at close, even if the signal's answer is lost
        paused.add(name);
        signal(process(name), "STOP");
    }

    @Override
    public void resume(String name) throws IOException, InterruptedException {
        signal(process(name), "CONT");
        paused.remove(name);
    }

    /**
     * A fresh member with the same name and ports (a running one is killed first); returns once it serves and every
     * member that runs (not paused) sees it and is seen by it; an IOException says why it did not.
     */
    @Override
    public void restart(String name) throws InterruptedException, IOException {
        if (alive(name)) {
            if (paused.contains(name)) {
                try {
                    resume(name);
                } catch (IOException e) {
                    // killed next anyway
                }
            }
            kill(name);
        }
        try {
            launch(name);
            // a paused member answers nobody: the others that run must see the new one, and it them
            awaitMembers(up());
        } catch (ClusterStartException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** The member's current process: its exit status, or its state in /proc (T once a SIGSTOP froze it). */
    @Override
    public NodeState state(String name) {
        return watches.get(process(name)).state();
    }

    @Override
    public Optional<List<NodeDeath>> deathsUnasked() {
        return Optional.of(watches.values().stream().flatMap(watch -> watch.deathUnasked().stream()).toList());
    }

    /** The member's status page, or empty when it does not answer. */
    public Optional<TomcatStatus> status(String name) throws InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + ports.get(name).admin()
                        + "/status")).header("Authorization", "Bearer " + token).timeout(STATUS_TIMEOUT).GET().build();
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return response.statusCode() == 200 ? Optional.of(JSON.readValue(response.body(), TomcatStatus.class))
                    : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The member's log: everything it printed, each restart appended. */
    public Path log(String name) {
        return nodeLogs.resolve(name + ".log");
    }

    private void launch(String name) throws ClusterStartException, InterruptedException {
        NodePorts mine = ports.get(name);
        String members = names.stream().map(other -> other + "=" + ports.get(other).jgroups())
                .collect(Collectors.joining(","));
        List<String> command = new ArrayList<>(List.of(launcher.java().toString(),
                "-Xms" + cluster.heap().bytes(), "-Xmx" + cluster.heap().bytes()));
        command.addAll(launcher.compiler().jvmOptions());
        command.addAll(List.of("-cp", launcher.classpath(), MAIN_CLASS,
                "--name", name, "--bind", "127.0.0.1", "--http-port", Integer.toString(mine.http()),
                "--admin-port", Integer.toString(mine.admin()), "--members", members,
                "--manager", tomcat.manager().label(), "--replication", tomcat.replication().label(),
                "--war", war.toAbsolutePath().toString(), "--work-dir", work.resolve(name).toString(),
                "--workers", Integer.toString(cluster.workers()),
                "--parent-pid", Long.toString(ProcessHandle.current().pid())));
        Path log = log(name);
        long logFrom;
        try {
            logFrom = Files.exists(log) ? Files.size(log) : 0;
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
            builder.environment().put("REPLSIM_ADMIN_TOKEN", token);
            Process started = builder.start();
            watches.put(started, new ProcessWatch(name, started));
            processes.put(name, started);
        } catch (IOException e) {
            throw new ClusterStartException("could not start Tomcat member " + name + ": " + e.getMessage());
        }
        awaitReady(name, logFrom);
    }

    private void awaitReady(String name, long logFrom) throws ClusterStartException, InterruptedException {
        long deadline = System.nanoTime() + READY_DEADLINE.toNanos();
        Process process = processes.get(name);
        while (System.nanoTime() < deadline) {
            if (logSince(name, logFrom).contains(READY + name + " ")) {
                return;
            }
            if (!process.isAlive()) {
                throw new ClusterStartException("Tomcat member " + name + " exited with " + process.exitValue()
                        + " before it served; its log " + log(name) + " ends with:\n" + tail(name, 30));
            }
            Thread.sleep(100);
        }
        throw new ClusterStartException("Tomcat member " + name + " did not serve within " + READY_DEADLINE
                + "; its log " + log(name) + " ends with:\n" + tail(name, 30));
    }

    /** Until every one of {@code members} sees all the others (and no more are needed). */
    private void awaitMembers(List<String> members) throws ClusterStartException, InterruptedException {
        long deadline = System.nanoTime() + MEMBERS_DEADLINE.toNanos();
        Map<String, List<String>> seen = new LinkedHashMap<>();
        while (System.nanoTime() < deadline) {
            seen.clear();
            boolean all = true;
            for (String member : members) {
                List<String> sees = status(member).map(TomcatStatus::members).orElse(List.of());
                seen.put(member, sees);
                all &= sees.containsAll(members.stream().filter(other -> !other.equals(member)).toList());
            }
            if (all) {
                return;
            }
            Thread.sleep(200);
        }
        throw new ClusterStartException("the Tomcat members " + members + " did not all see each other within "
                + MEMBERS_DEADLINE + " (each sees: " + seen + "); the logs are in " + nodeLogs);
    }

    private String logSince(String name, long from) {
        try {
            byte[] bytes = Files.readAllBytes(log(name));
            return from >= bytes.length ? "" : new String(bytes, (int) from, bytes.length - (int) from,
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private String tail(String name, int lines) {
        try {
            List<String> all = Files.readAllLines(log(name));
            return String.join(System.lineSeparator(), all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(log unreadable: " + e.getMessage() + ")";
        }
    }

    private Process process(String name) {
        Process process = processes.get(name);
        if (process == null) {
            throw new IllegalArgumentException("no Tomcat member is named " + name + "; the members are " + names);
        }
        return process;
    }

    private static void signal(Process process, String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                .redirectErrorStream(true).start();
        if (!kill.waitFor(5, TimeUnit.SECONDS)) {
            kill.destroyForcibly();
            throw new IOException("kill -" + signal + " " + process.pid() + " did not return in time");
        }
        if (kill.exitValue() != 0) {
            throw new IOException("kill -" + signal + " " + process.pid() + " failed: "
                    + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip());
        }
    }

    private static String newToken() {
        byte[] bytes = new byte[24];
        new SecureRandom().nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    /** Resumes what is paused, kills every member still running, and removes the members' work directories. */
    @Override
    public void close() {
        watches.values().forEach(ProcessWatch::endAsked);
        for (String name : List.copyOf(paused)) {
            try {
                signal(process(name), "CONT");
            } catch (IOException | RuntimeException e) {
                // killed below regardless
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (Process process : processes.values()) {
            process.destroyForcibly();
        }
        for (Process process : processes.values()) {
            try {
                process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        http.close();
        heldPorts.close();
        try {
            DirectoryTree.delete(work);
        } catch (IOException e) {
            out.println("replsim: could not remove " + work + ": " + e.getMessage());
        }
    }
}
