package io.replsim.bench.floor;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Runs one cost scenario through the launcher ({@code ./replsim run}: the real node processes, started and killed
 * by the scenario runner) and reads node1's threads by role once a second while it runs. Its output goes to a log
 * beside the scenario; what it measured is read from its run directory when it is over.
 */
record NodeRun(Path root, Path outputDirectory) {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration READ_EVERY = Duration.ofSeconds(1);
    /** Start, build check and report around the load: generous, so only a hung run is ended. */
    private static final Duration BEYOND_THE_LOAD = Duration.ofMinutes(4);
    private static final Duration LOAD_LOOKED_FOR_EVERY = Duration.ofMillis(200);

    NodeOutcome run(CostScenario scenario, PrintStream progress) throws IOException, InterruptedException {
        Path log = outputDirectory.resolve(scenario.name() + ".log");
        Set<String> before = runDirectories();
        Process launcher = launch(scenario, log);
        List<RoleCpu> samples = new CopyOnWriteArrayList<>();
        Thread reader = Thread.ofPlatform().daemon().name("node1-threads").start(() -> readNode1(launcher, samples));
        try {
            awaitEnd(launcher, scenario, log);
        } finally {
            reader.interrupt();
            end(launcher);
        }
        reader.join();
        Path run = newRun(before, scenario, log);
        progress.printf("    node  | %s: %s, %d readings of node1; output %s%n", scenario.name(), run, samples.size(),
                log);
        return outcome(scenario, run, samples);
    }

    /**
     * Runs the scenario and, on this thread, {@code beside} once its load has run for {@code after} (counted from the
     * runner's line announcing the load); returns what {@code beside} returned and the scenario's verdict once the
     * scenario is over. The scenario's own figures are not read: what runs beside it takes the machine's CPU too.
     */
    <T> Loaded<T> beside(CostScenario scenario, Duration after, Beside<T> beside, PrintStream progress)
            throws IOException, InterruptedException {
        Path log = outputDirectory.resolve(scenario.name() + "-beside.log");
        Set<String> before = runDirectories();
        Process launcher = launch(scenario, log);
        T measured;
        try {
            awaitLoad(launcher, scenario, log);
            Thread.sleep(after);
            progress.printf("    node  | %s: %s into its load, beside it now; output %s%n", scenario.name(), after,
                    log);
            measured = beside.run();
            awaitEnd(launcher, scenario, log);
        } finally {
            end(launcher);
        }
        return new Loaded<>(measured, verdictOf(newRun(before, scenario, log)));
    }

    /** What runs beside a scenario's load. */
    @FunctionalInterface
    interface Beside<T> {
        T run() throws IOException, InterruptedException;
    }

    /**
     * What ran beside a scenario's load, and the scenario's verdict: a load that failed (users lost, responses past
     * the bound) was not the load the figures are meant to be measured beside.
     */
    record Loaded<T>(T measured, String verdict) {
    }

    private Process launch(CostScenario scenario, Path log) throws IOException {
        Path file = scenario.writeInto(outputDirectory);
        return new ProcessBuilder(root.resolve("replsim").toString(), "run", file.toString())
                .directory(root.toFile()).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    /** Until the runner's output announces the load ("load: 240 users, ..."), bounded as a whole run is. */
    private static void awaitLoad(Process launcher, CostScenario scenario, Path log)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + BEYOND_THE_LOAD.toNanos();
        while (!Files.readString(log).contains("\nload: ")) {
            if (!launcher.isAlive() || System.nanoTime() - deadline >= 0) {
                throw new IllegalStateException(scenario.name() + " never started its load; its output: " + log);
            }
            Thread.sleep(LOAD_LOOKED_FOR_EVERY);
        }
    }

    private static void awaitEnd(Process launcher, CostScenario scenario, Path log) throws InterruptedException {
        if (!launcher.waitFor(scenario.duration().plus(BEYOND_THE_LOAD).toSeconds(), TimeUnit.SECONDS)) {
            throw new IllegalStateException(scenario.name() + " overran; its output: " + log);
        }
    }

    private static void end(Process launcher) {
        launcher.descendants().forEach(ProcessHandle::destroyForcibly);
        launcher.destroyForcibly();
    }

    static NodeOutcome outcome(CostScenario scenario, Path run, List<RoleCpu> samples) throws IOException {
        JsonNode summary = summaryOf(run);
        JsonNode timeline = JSON.readTree(run.resolve("timeline.json").toFile());
        JsonNode node1 = JSON.readTree(run.resolve("nodes").resolve("node1-stats.json").toFile());
        long loadStart = timeline.get("loadStartEpochMs").asLong();
        Map<Long, Long> perSecond = new TreeMap<>();
        timeline.get("seconds").forEach(second -> perSecond.merge(second.get("epochSecond").asLong(),
                second.get("requests").asLong(), Long::sum));
        NodeWindow window = NodeWindow.of(samples, loadStart + scenario.windowStart().toMillis(),
                loadStart + scenario.duration().toMillis(), perSecond,
                node1.get("requests").get("total").asLong(), node1.get("replication").get("messagesReceived").asLong());
        double cores = 0;
        int nodes = 0;
        for (JsonNode node : summary.get("nodes")) {
            cores += node.get("cpuUsedCores").asDouble();
            nodes++;
        }
        return new NodeOutcome(window, cores / nodes, verdictIn(summary), run);
    }

    /** The verdict in a run directory's summary.json ("PASS", "FAIL", ...). */
    static String verdictOf(Path run) throws IOException {
        return verdictIn(summaryOf(run));
    }

    private static JsonNode summaryOf(Path run) throws IOException {
        return JSON.readTree(run.resolve("summary.json").toFile());
    }

    private static String verdictIn(JsonNode summary) {
        return summary.get("verdict").asText();
    }

    /** The run directory the scenario just left: the newest one not there before it started. */
    private Path newRun(Set<String> before, CostScenario scenario, Path log) throws IOException {
        return runDirectories().stream().filter(name -> !before.contains(name)).sorted()
                .reduce((first, second) -> second).map(name -> root.resolve("runs").resolve(name))
                .orElseThrow(() -> new IllegalStateException(scenario.name() + " left no run directory; its output: "
                        + log));
    }

    private static void readNode1(Process launcher, List<RoleCpu> samples) {
        Optional<ProcessHandle> node1 = Optional.empty();
        try {
            while (launcher.isAlive()) {
                if (node1.isEmpty() || !node1.get().isAlive()) {
                    Set<String> runner = Stream.concat(Stream.of(launcher.toHandle()), launcher.descendants())
                            .map(process -> Long.toString(process.pid())).collect(Collectors.toSet());
                    node1 = ProcessHandle.allProcesses().filter(process -> isNode1Of(runner, process)).findFirst();
                }
                if (node1.isPresent()) {
                    try {
                        samples.add(RoleCpu.read(node1.get().pid()));
                    } catch (IOException gone) {
                        // node1 ended between the look and the read: the runner stops the nodes after the load
                    }
                }
                Thread.sleep(READ_EVERY);
            }
        } catch (InterruptedException stopped) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Node1 of this run: the runner names itself to its nodes ({@code --parent-pid}), and is the launcher or one of
     * its descendants; the nodes themselves need not be (a CPU budget's cgroup may start them apart).
     */
    private static boolean isNode1Of(Set<String> runner, ProcessHandle process) {
        List<String> arguments = NodeArgumentsRead.of(process.pid());
        return NodeArgumentsRead.valueOf(arguments, "--name").filter("node1"::equals).isPresent()
                && NodeArgumentsRead.valueOf(arguments, "--parent-pid").filter(runner::contains).isPresent();
    }

    private Set<String> runDirectories() throws IOException {
        Path runs = root.resolve("runs");
        if (!Files.isDirectory(runs)) {
            return Set.of();
        }
        try (Stream<Path> listed = Files.list(runs)) {
            return listed.map(path -> path.getFileName().toString()).collect(Collectors.toSet());
        }
    }
}
