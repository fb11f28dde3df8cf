package io.replsim.bench.driver;

import io.replsim.loadgen.think.ThinkTime;
import io.replsim.loadgen.LoadDriver;
import io.replsim.loadgen.LoadResult;
import io.replsim.loadgen.exchange.ConnectionMode;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.exchange.SerialSource;
import io.replsim.loadgen.exchange.TargetProtocol;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.settings.Choices;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The driver's efficiency against wrk on the same trivial endpoint with the same number of connections and no think
 * time: in each round wrk's requests/s, then the driver's with each user runtime asked for (closed loop, every answer
 * parsed and judged, every latency recorded), and their ratios; after the rounds, each runtime's median ratio. The goal
 * is a driver at 1.0 × wrk or better (issue 30). Rounds, not one pair of runs: with the tool and the endpoint sharing
 * two cores, one 10 s run's requests/s depends on the share of the cores it was given, and one pair moved between 0.73
 * and 1.02 with the same code. Each round's seconds are played in slices (2 s unless asked), the tools taking turns and
 * their order reversed every other slice (wrk, floor, driver, driver, floor, wrk, ...): on a shared machine whose speed
 * moves by a fifth between one minute and the next, a tool's 10 s played in one piece measured the minute it got as
 * much as the tool. The endpoint runs in its own JVM ({@link EndpointProcess}) for every tool, as wrk is a process of
 * its own too.
 *
 * <p>Beside wrk, each slice plays the JVM floor ({@link JvmFloorClient}): wrk's work per request written in Java on
 * the driver's JVM, one loop per core. It splits the driver's distance to wrk in two: the floor's own to wrk (what
 * the JVM and its sockets cost here) and the driver's to the floor (the driver's own work: users, checks, records).
 *
 * <p>Usage: {@code benchmarks/driver vs-wrk [users=50] [seconds=10] [rounds=3] [runtime=both|event-loop|virtual-threads]
 * [slice=2]}
 */
public final class DriverVsWrk {

    private static final Pattern RPS = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern CHILD_TIMES = Pattern.compile("(?m)^(\\d+)m([0-9.]+)s (\\d+)m([0-9.]+)s$");

    private DriverVsWrk() {
    }

    public static void main(String[] args) throws Exception {
        int users = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        int slice = args.length > 4 ? Integer.parseInt(args[4]) : 2;
        if (slice < 1 || slice > seconds) {
            throw new IllegalArgumentException("slice: got " + slice + " s, expected 1 to the round's " + seconds + " s");
        }
        List<UserCarrierKind> runtimes = args.length > 3 && !args[3].equals("both")
                ? List.of(Choices.of(UserCarrierKind.class).parse(args[3], "user runtime"))
                : List.of(UserCarrierKind.EVENT_LOOP, UserCarrierKind.VIRTUAL_THREADS);
        System.out.printf(Locale.ROOT, "machine: %d cores, load average %s%n",
                Runtime.getRuntime().availableProcessors(), loadAverage());
        Map<UserCarrierKind, List<Double>> ratios = new EnumMap<>(UserCarrierKind.class);
        Map<UserCarrierKind, List<Double>> toFloor = new EnumMap<>(UserCarrierKind.class);
        List<Double> floorRatios = new ArrayList<>();
        try (EndpointProcess endpoint = new EndpointProcess(2)) {
            String url = endpoint.url() + "/counter";
            System.out.println("endpoint: " + url + " (Undertow, 2 I/O threads, its own JVM, pid " + endpoint.pid()
                    + ")");
            int slices = Math.max(1, seconds / slice);
            warmUp(endpoint, url, users, slices, slice, runtimes);
            for (int round = 1; round <= rounds; round++) {
                System.out.printf(Locale.ROOT, "round %d of %d: %s of %d s each, the tools' order reversed"
                        + " every other slice%n", round, rounds, slices == 1 ? "1 slice" : slices + " slices", slice);
                Turns wrkTurns = new Turns();
                Turns floorTurns = new Turns();
                Map<UserCarrierKind, Turns> driverTurns = new EnumMap<>(UserCarrierKind.class);
                runtimes.forEach(runtime -> driverTurns.put(runtime, new Turns()));
                for (int i = 0; i < slices; i++) {
                    boolean wrkFirst = i % 2 == 0;
                    if (wrkFirst) {
                        wrkTurns.add(wrkTurn(endpoint, url, users, slice));
                        floorTurns.add(floorTurn(endpoint, url, users, slice));
                    }
                    for (UserCarrierKind runtime : wrkFirst ? runtimes : runtimes.reversed()) {
                        driverTurns.get(runtime).add(driverTurn(endpoint, users, slice, runtime));
                    }
                    if (!wrkFirst) {
                        floorTurns.add(floorTurn(endpoint, url, users, slice));
                        wrkTurns.add(wrkTurn(endpoint, url, users, slice));
                    }
                }
                double wrk = wrkTurns.requestsPerSecond();
                double floor = floorTurns.requestsPerSecond();
                floorRatios.add(floor / wrk);
                System.out.printf(Locale.ROOT, "  wrk     -t2 -c%d, %d × -d%ds: %,.0f requests/s (wrk CPU %.1f µs per"
                                + " request; endpoint %s, %.1f µs per request)%n", users, slices, slice, wrk,
                        wrkTurns.toolMicrosPerRequest(), wrkTurns.endpointShare(),
                        wrkTurns.endpointMicrosPerRequest());
                System.out.printf(Locale.ROOT, "  JVM floor %d connections on %d loops, %d × %d s: %,.0f requests/s,"
                                + " %.2f × wrk (%,d errors, p50 %.2f ms, p99 %.2f ms; its CPU %.1f µs per request,"
                                + " JIT %.1f; endpoint %s, %.1f µs per request)%n", users, floorLoops(), slices, slice,
                        floor, floor / wrk, floorTurns.errors,
                        floorTurns.latencyMicros.getValueAtPercentile(50) / 1000.0,
                        floorTurns.latencyMicros.getValueAtPercentile(99) / 1000.0, floorTurns.toolMicrosPerRequest(),
                        floorTurns.jitMicrosPerRequest(), floorTurns.endpointShare(),
                        floorTurns.endpointMicrosPerRequest());
                for (UserCarrierKind runtime : runtimes) {
                    Turns turns = driverTurns.get(runtime);
                    double driver = turns.requestsPerSecond();
                    double ratio = driver / wrk;
                    ratios.computeIfAbsent(runtime, r -> new ArrayList<>()).add(ratio);
                    toFloor.computeIfAbsent(runtime, r -> new ArrayList<>()).add(driver / floor);
                    // CPU per request does not depend on what share of the shared cores each tool got in its turn
                    System.out.printf(Locale.ROOT, "  driver  %-15s %d users, no think time, %d × %d s: %,.0f"
                                    + " requests/s, %.2f × wrk (%,d errors, p50 %.2f ms, p99 %.2f ms, %d connections;"
                                    + " driver CPU %.1f µs per request, JIT %.1f; endpoint %s, %.1f µs per"
                                    + " request)%n",
                            runtime.label(), users, slices, slice, driver, ratio, turns.errors,
                            turns.latencyMicros.getValueAtPercentile(50) / 1000.0,
                            turns.latencyMicros.getValueAtPercentile(99) / 1000.0, turns.connections,
                            turns.toolMicrosPerRequest(), turns.jitMicrosPerRequest(), turns.endpointShare(),
                            turns.endpointMicrosPerRequest());
                }
            }
            System.out.printf(Locale.ROOT, "ratio   JVM floor / wrk: median %.2f of %d rounds (%s)%n",
                    median(floorRatios), floorRatios.size(), listed(floorRatios));
            for (UserCarrierKind runtime : runtimes) {
                List<Double> each = ratios.get(runtime);
                System.out.printf(Locale.ROOT, "ratio   driver (%s) / wrk: median %.2f of %d rounds (%s);"
                                + " goal ≥ 1.00%n",
                        runtime.label(), median(each), each.size(), listed(each));
                List<Double> floorEach = toFloor.get(runtime);
                System.out.printf(Locale.ROOT, "ratio   driver (%s) / JVM floor: median %.2f of %d rounds (%s)%n",
                        runtime.label(), median(floorEach), floorEach.size(), listed(floorEach));
            }
            System.out.printf(Locale.ROOT, "after: load average %s%n", loadAverage());
        }
    }

    /**
     * A round of the JVM tools' slices, not counted: wrk is native, but the driver's JIT compiles for seconds and
     * compiles again after each of its first runs' starts (one 3 s run left the driver's first round paying 4 µs a
     * request to its compiler against 0.3 in the next), and a run of minutes pays that once.
     */
    private static void warmUp(EndpointProcess endpoint, String url, int users, int slices, int slice,
                               List<UserCarrierKind> runtimes) throws Exception {
        Turns floor = new Turns();
        Map<UserCarrierKind, Turns> drivers = new EnumMap<>(UserCarrierKind.class);
        for (int i = 0; i < slices; i++) {
            floor.add(floorTurn(endpoint, url, users, slice));
            for (UserCarrierKind runtime : runtimes) {
                drivers.computeIfAbsent(runtime, r -> new Turns()).add(driverTurn(endpoint, users, slice, runtime));
            }
        }
        String driversLine = runtimes.stream().map(runtime -> String.format(Locale.ROOT, "; driver %s %,.0f"
                + " requests/s, JIT %.1f µs per request", runtime.label(), drivers.get(runtime).requestsPerSecond(),
                drivers.get(runtime).jitMicrosPerRequest())).collect(Collectors.joining());
        System.out.printf(Locale.ROOT, "warm-up round, not counted (the JVM tools' JIT; wrk needs none): JVM floor"
                + " %,.0f requests/s, JIT %.1f µs per request%s%n", floor.requestsPerSecond(),
                floor.jitMicrosPerRequest(), driversLine);
    }

    private static String listed(List<Double> ratios) {
        return ratios.stream().map(r -> String.format(Locale.ROOT, "%.2f", r)).collect(Collectors.joining(", "));
    }

    /** The JVM floor's loops: one per core, as the event-loop driver has. */
    private static int floorLoops() {
        return Runtime.getRuntime().availableProcessors();
    }

    private static Turn floorTurn(EndpointProcess endpoint, String url, int connections, int seconds)
            throws IOException, InterruptedException {
        CpuShare endpointCpu = CpuShare.of(endpoint);
        CpuShare floorCpu = CpuShare.ofThisProcess();
        CpuShare jit = CpuShare.ofCompiler();
        JvmFloorClient.Run run = JvmFloorClient.run(URI.create(url), connections, Duration.ofSeconds(seconds),
                floorLoops());
        return new Turn(run.requests(), run.wallNanos(), floorCpu.used(), jit.used(), endpointCpu.used(),
                run.errors(), connections, run.latencyMicros());
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }

    /**
     * How the driver reads {@link TrivialEndpoint}: the counter's JSON with no session state to model (a fixed
     * digest that must stay), so the driver's cost measured here leaves out the state digest it computes against
     * the replsim apps (docs/interfaces.md §2).
     */
    static final TargetProtocol TRIVIAL_ENDPOINT = new TargetProtocol("JSESSIONID", new SerialSource.CounterJson(),
            java.util.Optional.empty());

    private static LoadResult drive(String base, int users, int seconds, UserCarrierKind runtime) throws Exception {
        LoadProfile profile = LoadProfile.builder("/counter").users(users).thinkTime(new ThinkTime.Fixed(Duration.ZERO))
                .duration(Duration.ofSeconds(seconds)).requestTimeout(Duration.ofSeconds(5)).protocol(TRIVIAL_ENDPOINT)
                .build();
        List<NodeEndpoint> nodes = List.of(new NodeEndpoint("node1", URI.create(base)));
        // one kept-alive connection per user, as wrk keeps one per -c
        try (LoadDriver driver = new LoadDriver(profile.toBuilder().connections(ConnectionMode.PER_USER)
                .runtime(runtime).build(),
                nodes, null)) {
            driver.start();
            return driver.awaitResult();
        }
    }

    /** wrk's requests/s and the CPU time it used (user and system, as bash's {@code times} reports a child's). */
    private record WrkRun(double requestsPerSecond, Duration cpu) {
    }

    /**
     * One tool's slice: its requests over the slice's wall time, its CPU (and of that, a JVM tool's JIT compiling) and
     * the endpoint's while it ran.
     */
    private record Turn(double requests, long wallNanos, Duration toolCpu, Duration jit, Duration endpointCpu,
                        long errors, long connections, Histogram latencyMicros) {
    }

    /** A tool's slices of one round, added up: the round's figures for that tool. */
    private static final class Turns {
        double requests;
        long wallNanos;
        Duration toolCpu = Duration.ZERO;
        Duration jit = Duration.ZERO;
        Duration endpointCpu = Duration.ZERO;
        long errors;
        /** The most any slice opened: every slice opens its own, one per user. */
        long connections;
        final Histogram latencyMicros = new Histogram(3);

        void add(Turn turn) {
            requests += turn.requests();
            wallNanos += turn.wallNanos();
            toolCpu = toolCpu.plus(turn.toolCpu());
            jit = jit.plus(turn.jit());
            endpointCpu = endpointCpu.plus(turn.endpointCpu());
            errors += turn.errors();
            connections = Math.max(connections, turn.connections());
            if (turn.latencyMicros() != null) {
                latencyMicros.add(turn.latencyMicros());
            }
        }

        double requestsPerSecond() {
            return requests / (wallNanos / 1e9);
        }

        double toolMicrosPerRequest() {
            return micros(toolCpu) / requests;
        }

        double jitMicrosPerRequest() {
            return micros(jit) / requests;
        }

        double endpointMicrosPerRequest() {
            return micros(endpointCpu) / requests;
        }

        String endpointShare() {
            int cores = Runtime.getRuntime().availableProcessors();
            return String.format(Locale.ROOT, "%.0f%% of %d cores", 100.0 * endpointCpu.toNanos() / ((double) wallNanos
                    * cores), cores);
        }
    }

    private static Turn wrkTurn(EndpointProcess endpoint, String url, int users, int seconds)
            throws IOException, InterruptedException {
        CpuShare endpointCpu = CpuShare.of(endpoint);
        WrkRun run = wrk(url, users, seconds);
        // wrk's rate is over its own run, not its process's start and end; the endpoint is idle in those
        return new Turn(run.requestsPerSecond() * seconds, (long) (seconds * 1e9), run.cpu(), Duration.ZERO,
                endpointCpu.used(), 0, users, null);
    }

    private static Turn driverTurn(EndpointProcess endpoint, int users, int seconds, UserCarrierKind runtime)
            throws Exception {
        CpuShare endpointCpu = CpuShare.of(endpoint);
        CpuShare driverCpu = CpuShare.ofThisProcess();
        CpuShare jit = CpuShare.ofCompiler();
        LoadResult result = drive(endpoint.url(), users, seconds, runtime);
        return new Turn(result.requests(), result.elapsed().toNanos(), driverCpu.used(), jit.used(),
                endpointCpu.used(), result.errors().total(), result.connections().opened(), result.latencyMicros());
    }

    private static double micros(Duration cpu) {
        return cpu.toNanos() / 1e3;
    }

    private static WrkRun wrk(String url, int connections, int seconds) throws IOException, InterruptedException {
        Process process = new ProcessBuilder("bash", "-c", "wrk \"$@\"; status=$?; times; exit $status", "wrk",
                "-t2", "-c" + connections, "-d" + seconds + "s", url).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IOException("wrk failed:\n" + output);
        }
        Matcher matcher = RPS.matcher(output);
        if (!matcher.find()) {
            throw new IOException("no Requests/sec in wrk's output:\n" + output);
        }
        Matcher times = CHILD_TIMES.matcher(output);
        Duration cpu = Duration.ZERO;
        while (times.find()) { // the last line of `times` is the children's: wrk's
            cpu = seconds(times.group(1), times.group(2)).plus(seconds(times.group(3), times.group(4)));
        }
        return new WrkRun(Double.parseDouble(matcher.group(1)), cpu);
    }

    private static Duration seconds(String minutes, String seconds) {
        return Duration.ofMinutes(Long.parseLong(minutes)).plusNanos((long) (Double.parseDouble(seconds) * 1e9));
    }

    static String loadAverage() {
        try {
            String[] parts = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return parts[0] + " " + parts[1] + " " + parts[2];
        } catch (IOException e) {
            return "unknown";
        }
    }
}
