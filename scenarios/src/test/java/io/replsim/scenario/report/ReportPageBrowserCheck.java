package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.NoNodeProcessLeft;
import io.replsim.scenario.capacity.CapacityCriteria;
import io.replsim.scenario.capacity.CapacityRunner;
import io.replsim.scenario.capacity.CapacitySummary;
import io.replsim.scenario.capacity.SearchPlan;
import io.replsim.scenario.report.chart.Palette;
import io.replsim.scenario.run.PlayedRuntime;
import io.replsim.scenario.run.PlayedScenario;
import io.replsim.scenario.run.ScenarioRunner;
import io.replsim.scenario.run.SoakRunner;
import io.replsim.scenario.runtime.InJvmRuntime;
import io.replsim.scenario.runtime.RuntimeFactory;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.MatchResult;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The quickstart's report.html (its load cut from 45 s to 24 s, the kill at 10 s: the same page, 21 s sooner), a
 * short capacity search's capacity.html, a two-drill soak's soak.html and a comparison's compare.html as a reader
 * opens them, in Debian's headless {@code chromium}: each loads with no console error, and each chart has its drawn
 * elements in the DOM the browser built (report.html: the checks before the charts, the throughput line, the p50,
 * p90 and p99 lines, the p90 limit, each node's CPU line and the ceiling, the views, the failover distribution, the
 * kill's window shaded; capacity.html: a mark per step in both charts, the warm-up round, both limits, the answer's
 * interval; soak.html: a mark per fault and run, both distributions, a row per run) and on the screen (the lines',
 * marks' and shading's colours in the screenshots, kept as target/browser/quickstart-report.png, capacity.png,
 * soak.png and compare.png). {@code ./replsim test browser}, which .ci/run runs
 * after installing chromium when it is missing; without chromium this check fails, it does not pass unseen.
 */
@ExtendWith(NoNodeProcessLeft.class)
class ReportPageBrowserCheck {
    private static final Path SCREENSHOTS = Path.of("target", "browser");
    private static final String CAPACITY = """
            name: page-capacity
            cluster: {nodes: 2, workers: 8, cpuBudget: 2}
            replication: {placement: all, granularity: session, delivery: sync}
            load: {users: 4, thinkTime: 200ms, rampUp: 500ms, warmUp: 500ms, duration: 3s}
            capacity: {warmUp: {minRounds: 1, maxRounds: 1}}
            """;
    private static final String SOAK = """
            name: page-soak
            cluster: {nodes: 2, workers: 8, cpuBudget: 2}
            replication: {placement: all, granularity: session, delivery: sync}
            load: {users: 6, thinkTime: 200ms, rampUp: 500ms, duration: 5s}
            faults:
              - {type: kill, at: 2s, target: primary-of-most}
            """;
    private static HeadlessChromium chromium;

    @TempDir
    Path dir;

    @BeforeAll
    static void chromiumIsThere() {
        chromium = HeadlessChromium.onPath().orElseThrow(() -> new AssertionError("no chromium on PATH: this check"
                + " opens report.html in Debian's headless chromium; apt-get install chromium (.ci/run does)"));
    }

    @Test
    @Timeout(value = 4, unit = TimeUnit.MINUTES)
    void theQuickstartsPageLoadsWithoutErrorsAndDrawsItsCharts() throws Exception {
        PlayedScenario played = PlayedScenario.playInJvm(dir, "quickstart", shortened(Files.readString(Path.of(
                "quickstart.yaml"))));

        HeadlessChromium.Look look = chromium.open(played.directory().resolve("report.html"),
                SCREENSHOTS.resolve("quickstart-report.png"), Files.createDirectories(dir.resolve("browser")));

        assertThat(look.console()).as("the browser console").isEmpty();
        String dom = look.dom();
        assertThat(dom.indexOf("<h2>Checks</h2>")).as("the checks before the charts").isPositive()
                .isLessThan(dom.indexOf("<svg"));
        assertThat(dom).contains("<h2>Validity: <span class=\"").contains("<p class=\"scenario\">3 nodes (runtime in-jvm,");
        String throughput = chart(dom, "throughput");
        String latency = chart(dom, "latency");
        assertThat(points(throughput, "#333")).as(throughput).isGreaterThan(18);
        assertThat(points(latency, "#7b4")).as(latency).isGreaterThan(18);
        assertThat(points(latency, "#06c")).as(latency).isGreaterThan(18);
        assertThat(points(latency, "#f80")).as(latency).isGreaterThan(18);
        assertThat(latency).as("the p90 limit line").containsPattern("<line [^>]*stroke-dasharray=\"4 3\"[^>]*>"
                + "<title>p90 limit 800 ms</title>");
        assertThat(throughput).as("the kill's window shaded").contains("fill=\"#e33\"");
        assertThat(latency).as("the kill's window shaded").contains("fill=\"#e33\"");
        String cpu = chart(dom, "node-cpu");
        for (int node = 0; node < 3; node++) {
            // about a reading a second: node1's line ends with its kill at 10 s
            assertThat(points(cpu, Palette.colour(node))).as("node %d's CPU line in %s", node + 1, cpu)
                    .isGreaterThan(5);
        }
        assertThat(cpu).contains("<title>60% ceiling</title>").contains("fill=\"#e33\"");
        String views = chart(dom, "views");
        assertThat(views.split("<rect class=\"view\"", -1).length - 1).as(views).isGreaterThanOrEqualTo(5);
        assertThat(views).as("a view without the killed node").contains("fill=\"#fc9\"");
        assertThat(points(chart(dom, "failover"), Palette.colour(0))).as("the kill's failover distribution")
                .isGreaterThan(2);

        BufferedImage screen = ImageIO.read(look.screenshot().toFile());
        assertThat(pixelsNear(screen, 0x0066cc)).as("p90 line pixels in " + look.screenshot()).isGreaterThan(50);
        assertThat(pixelsNear(screen, 0xff8800)).as("p99 line pixels in " + look.screenshot()).isGreaterThan(50);
        assertThat(pixelsNear(screen, 0x77bb44)).as("p50 line pixels in " + look.screenshot()).isGreaterThan(50);
        // #e33 at 12% over white: the shaded windows
        assertThat(pixelsNear(screen, 0xfde4e4)).as("shaded pixels in " + look.screenshot()).isGreaterThan(500);
    }

    /**
     * A short capacity search (its nodes in this JVM: one warm-up round, at most 5 steps of 2 s windows from 4 users)
     * leaves capacity.html, whose charts draw a mark for each step and each node's CPU at it, the warm-up round
     * apart, both limits, and the answer's interval when there is an answer.
     */
    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aCapacitySearchsPageLoadsWithoutErrorsAndMarksEveryStep() throws Exception {
        Path file = Files.writeString(dir.resolve("page-capacity.yaml"), CAPACITY);
        ScenarioSpec spec = ScenarioLoader.load(file);
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        RuntimeFactory inJvm = (searched, nodeLogs) -> new InJvmRuntime(searched, nodeLogs, out);
        CapacitySummary summary = new CapacityRunner(new ScenarioRunner(dir.resolve("runs"), inJvm, out,
                Duration.ofSeconds(5)), out).run(spec, file, PlayedRuntime.ownNodes(inJvm), CapacityCriteria.DEFAULT,
                new SearchPlan(4, 2, 0.05, 5, 24), false);

        HeadlessChromium.Look look = chromium.open(Path.of(summary.runDirectory()).resolve("capacity.html"),
                SCREENSHOTS.resolve("capacity.png"), Files.createDirectories(dir.resolve("browser")));

        assertThat(look.console()).as("the browser console").isEmpty();
        int steps = summary.search().steps().size();
        assertThat(steps).isBetween(2, 5);
        String latency = chart(look.dom(), "capacity-latency");
        assertThat(marks(latency, "step ")).as(latency).isEqualTo(steps);
        assertThat(marks(latency, "warmup")).as(latency).isEqualTo(1);
        assertThat(latency).contains("<title>p90 limit 800 ms</title>");
        String cpu = chart(look.dom(), "capacity-cpu");
        assertThat(marks(cpu, "step ")).as(cpu).isEqualTo(2 * steps);
        assertThat(cpu).contains("<title>60% CPU limit</title>");
        assertThat(latency.contains("<rect class=\"answer\"")).as(latency)
                .isEqualTo(summary.search().usersSustained() > 0);
        assertThat(look.dom()).contains("<p class=\"answer\">On 2 nodes: ");

        BufferedImage screen = ImageIO.read(look.screenshot().toFile());
        assertThat(pixelsNear(screen, summary.search().steps().stream().anyMatch(step -> step.broken().isEmpty())
                ? 0x007700 : 0xbb0000)).as("step marks in " + look.screenshot()).isGreaterThan(20);
    }

    /**
     * A comparison's compare.html, written from figures (no search run, so the check stays short): it loads with no
     * console error, its ratio chart has the reference's bar and the variant's with one whisker, the verdict is
     * said, and both bars are on the screen (target/browser/compare.png).
     */
    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void aComparisonsPageLoadsWithoutErrorsAndDrawsEachRatioWithItsWhisker() throws Exception {
        Path written = Files.createDirectories(dir.resolve("comparison"));
        Path page = io.replsim.scenario.compare.ComparedFromFigures.writtenTo(written);

        HeadlessChromium.Look look = chromium.open(page, SCREENSHOTS.resolve("compare.png"),
                Files.createDirectories(dir.resolve("browser")));

        assertThat(look.console()).as("the browser console").isEmpty();
        String ratios = chart(look.dom(), "ratios users-sustained");
        assertThat(Pattern.compile("<rect class=\"bar\"").matcher(ratios).results().count()).as(ratios)
                .isEqualTo(2);
        assertThat(Pattern.compile("<path class=\"whisker\"").matcher(ratios).results().count()).as(ratios)
                .isEqualTo(1);
        assertThat(look.dom()).contains("How much load does each variant sustain, against all?")
                .contains("differs, above all");

        BufferedImage screen = ImageIO.read(look.screenshot().toFile());
        // the reference's grey and the second series' colour of the report's Palette (buddies)
        assertThat(pixelsNear(screen, 0xbbbbbb)).as("the reference's bar in " + look.screenshot())
                .isGreaterThan(500);
        assertThat(pixelsNear(screen, 0x7570b3)).as("buddies' bar in " + look.screenshot()).isGreaterThan(500);
    }

    /**
     * A two-drill soak (its nodes in this JVM: 2 nodes, 6 users for 5 s, a kill at 2 s, twice) leaves soak.html,
     * whose charts mark each drill's new view and failover by run and draw both as distributions over the runs, and
     * whose table has a row per run with its sessions by verdict.
     */
    @Test
    @Timeout(value = 3, unit = TimeUnit.MINUTES)
    void aSoaksPageLoadsWithoutErrorsAndMarksEachRunsFaults() throws Exception {
        Path file = Files.writeString(dir.resolve("page-soak.yaml"), SOAK);
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        SoakRunner.SoakSummary soak = new SoakRunner(dir.resolve("runs"),
                console -> (spec, nodes) -> new InJvmRuntime(spec, nodes, console), out, InvalidRuns.REFUSED)
                .run(ScenarioLoader.load(file), file, 2);
        Path soakDir;
        try (var made = Files.list(dir.resolve("runs"))) {
            soakDir = made.filter(path -> path.getFileName().toString().contains("-soak-")).findFirst().orElseThrow();
        }

        HeadlessChromium.Look look = chromium.open(soakDir.resolve("soak.html"), SCREENSHOTS.resolve("soak.png"),
                Files.createDirectories(dir.resolve("browser")));

        assertThat(look.console()).as("the browser console").isEmpty();
        assertThat(soak.drills()).hasSize(2);
        long views = soak.drills().stream().mapToLong(drill -> drill.viewChangeMs().size()).sum();
        long failovers = soak.drills().stream().mapToLong(drill -> drill.failoverMs().size()).sum();
        assertThat(views).isEqualTo(2);
        String runs = chart(look.dom(), "soak-runs");
        assertThat(marks(runs, "view")).as(runs).isEqualTo(views);
        assertThat(marks(runs, "failover")).as(runs).isEqualTo(failovers);
        // a staircase from (0, 0%) up two points a measured new view; a drill whose run ended before its view
        // changed (an in-JVM kill 3 s before the end, on a loaded machine) has none, and the line ends below 100%
        long measuredViews = soak.drills().stream().flatMap(drill -> drill.viewChangeMs().stream())
                .filter(java.util.Objects::nonNull).count();
        assertThat(measuredViews).as("a new view measured in at least one drill").isPositive();
        String distribution = chart(look.dom(), "soak-distribution");
        assertThat(points(distribution, Palette.colour(0))).as(distribution).isEqualTo(1 + 2 * measuredViews);
        assertThat(Pattern.compile("<tr class=\"run\"><td>\\d</td><td class=\"[A-Z]+\">[A-Z]+</td><td>\\d+</td>")
                .matcher(look.dom()).results().count()).as("a row per run with its sessions").isEqualTo(2);

        BufferedImage screen = ImageIO.read(look.screenshot().toFile());
        assertThat(pixelsNear(screen, 0x1b9e77)).as("new view marks and line in " + look.screenshot())
                .isGreaterThan(50);
    }

    /** The check itself: a page whose script throws is seen to, so a clean quickstart page means something. */
    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void aPageWhoseScriptThrowsIsSeen() throws Exception {
        Path page = Files.writeString(dir.resolve("broken.html"), "<!DOCTYPE html><html><body><p>broken</p>"
                + "<script>notDefinedAnywhere();</script></body></html>");

        HeadlessChromium.Look look = chromium.open(page, SCREENSHOTS.resolve("broken.png"),
                Files.createDirectories(dir.resolve("browser")));

        assertThat(look.console()).anyMatch(line -> line.contains("Uncaught ReferenceError: notDefinedAnywhere"));
    }

    private static String chart(String dom, String name) {
        return Pattern.compile("<svg class=\"chart " + name + "\"[\\s\\S]*?</svg>").matcher(dom).results()
                .map(MatchResult::group).findFirst().orElseThrow(() -> new AssertionError("no " + name + " chart in "
                        + dom));
    }

    /** How many step or warm-up marks (dots and crosses) of {@code kind} a chart has. */
    private static int marks(String chart, String kind) {
        return (int) Pattern.compile("<(circle|path) class=\"" + kind).matcher(chart).results().count();
    }

    /** The quickstart with its load 24 s long and its kill at 10 s; fails when the file no longer says 30 s and 15 s. */
    private static String shortened(String quickstart) {
        assertThat(quickstart).contains("  duration: 30s", "    at: 15s");
        return quickstart.replace("  duration: 30s", "  duration: 24s").replace("    at: 15s", "    at: 10s");
    }

    /** How many points the chart's polyline of {@code stroke} has; 0 when it has none. */
    private static int points(String chart, String stroke) {
        Matcher line = Pattern.compile("<polyline [^>]*stroke=\"" + stroke + "\"[^>]*points=\"([^\"]*)\"")
                .matcher(chart);
        return line.find() ? line.group(1).trim().split("\\s+").length : 0;
    }

    private static long pixelsNear(BufferedImage image, int rgb) {
        long near = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int pixel = image.getRGB(x, y);
                if (Math.abs((pixel >> 16 & 0xff) - (rgb >> 16 & 0xff)) <= 12
                        && Math.abs((pixel >> 8 & 0xff) - (rgb >> 8 & 0xff)) <= 12
                        && Math.abs((pixel & 0xff) - (rgb & 0xff)) <= 12) {
                    near++;
                }
            }
        }
        return near;
    }
}
