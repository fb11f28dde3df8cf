package io.replsim.scenario.compare;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.report.UnreadableRunException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A comparison's directory read back from its compare.json alone, either mode's: what was compared and each figure
 * judged against the reference, so compare.html is drawn the same when the comparison ends and when
 * {@code replsim report} draws it again. {@code baseline} is null without one, {@code provenance} when not recorded.
 * {@code drills}: each scenario's drill figures, empty for a comparison that wrote none (a capacity comparison, one
 * written before the drill's columns); {@code standing}: whether a comparison at one load holds, null for a capacity
 * comparison; {@code driversDiffer}: each driver setting a scenario has other than the reference's, empty in a
 * compare.json written before replsim recorded them.
 */
public record RecordedComparison(Path directory, boolean capacity, List<String> order, String reference,
                                 String baseline, int rounds, List<ComparedFigure> figures, Provenance provenance,
                                 List<DrillSection.ScenarioDrill> drills, ComparisonStanding standing,
                                 List<String> driversDiffer) {
    public static final String FILE = "compare.json";
    // compare.json writes each interval's verdict too, which the interval works out again from its ends
    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public RecordedComparison {
        order = List.copyOf(order);
        figures = List.copyOf(figures);
        drills = List.copyOf(drills);
        driversDiffer = List.copyOf(driversDiffer);
    }

    /** A comparison without drill figures. */
    public RecordedComparison(Path directory, boolean capacity, List<String> order, String reference, String baseline,
                              int rounds, List<ComparedFigure> figures, Provenance provenance) {
        this(directory, capacity, order, reference, baseline, rounds, figures, provenance, List.of(), null, List.of());
    }

    /** Whether {@code directory} is a comparison's: it holds compare.json, which only replsim compare writes. */
    public static boolean isOne(Path directory) {
        return Files.isRegularFile(directory.resolve(FILE));
    }

    /** Reads a comparison's directory; says what is unreadable, where, and what to do. */
    public static RecordedComparison read(Path directory) throws UnreadableRunException {
        Path file = directory.resolve(FILE);
        try {
            JsonNode root = JSON.readTree(file.toFile());
            boolean capacity = "capacity".equals(root.path("kind").asText());
            List<String> order = new ArrayList<>();
            root.path("order").forEach(name -> order.add(name.asText()));
            if (order.isEmpty() || !root.path("reference").isTextual() || !root.path("rows").isArray()) {
                throw new UnreadableRunException(file + " names no scenarios, reference or rows: it is not a"
                        + " comparison's compare.json as replsim compare writes it; run replsim compare again");
            }
            List<ComparedFigure> figures = capacity ? capacityFigures(root) : fixedLoadFigures(root);
            Provenance provenance = root.hasNonNull("provenance")
                    ? JSON.treeToValue(root.get("provenance"), Provenance.class) : null;
            return new RecordedComparison(directory, capacity, order, root.path("reference").asText(),
                    root.path("baseline").isTextual() ? root.path("baseline").asText() : null,
                    root.path("rounds").asInt(), figures, provenance, drills(root),
                    capacity ? null : ComparisonStanding.read(root), ComparisonReport.strings(root.path("driversDiffer")));
        } catch (JacksonException e) {
            throw new UnreadableRunException(file + " cannot be read as replsim compare wrote it: "
                    + e.getOriginalMessage() + "; was it edited, or written by another version of replsim? run"
                    + " replsim compare again");
        } catch (IOException e) {
            throw new UnreadableRunException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** Draws compare.html again, over the one the comparison wrote. */
    public Path writePage() throws IOException {
        Path page = directory.resolve(ComparisonPage.FILE);
        Files.writeString(page, ComparisonPage.render(this));
        return page;
    }

    private static List<DrillSection.ScenarioDrill> drills(JsonNode root) throws IOException {
        List<DrillSection.ScenarioDrill> drills = new ArrayList<>();
        for (JsonNode row : root.path("rows")) {
            if (row.hasNonNull("drill")) {
                drills.add(new DrillSection.ScenarioDrill(row.path("scenario").asText(), row.path("measured").asInt(),
                        JSON.treeToValue(row.get("drill"), DrillBands.class)));
            }
        }
        return drills;
    }

    private static List<ComparedFigure> capacityFigures(JsonNode root) throws IOException {
        String unit = root.path("unit").asText("users");
        return List.of(figure(root, unit + " sustained", unit, "%,.0f", "searched", "usersSustained", "interval"));
    }

    /** Node CPU, and above the baseline when there is one: the figures a fixed-load comparison judges. */
    private static List<ComparedFigure> fixedLoadFigures(JsonNode root) throws IOException {
        List<ComparedFigure> figures = new ArrayList<>();
        figures.add(figure(root, "node CPU", "cores", "%.3f", "measured", "nodeCpuCores", "nodeCpuRatioInterval"));
        if (root.path("baseline").isTextual()) {
            figures.add(figure(root, "node CPU above the baseline", "cores", "%.3f", "measured",
                    "aboveBaselineCores", "aboveBaselineRatioInterval"));
        }
        return figures;
    }

    private static ComparedFigure figure(JsonNode root, String name, String unit, String pattern, String runs,
                                         String band, String interval) throws IOException {
        List<ComparedFigure.Bar> bars = new ArrayList<>();
        for (JsonNode row : root.path("rows")) {
            bars.add(new ComparedFigure.Bar(row.path("scenario").asText(), row.path("role").asText(),
                    row.path(runs).asInt(), row.hasNonNull(band) ? JSON.treeToValue(row.get(band), Band.class) : null,
                    row.hasNonNull(interval) ? JSON.treeToValue(row.get(interval), RatioInterval.class) : null));
        }
        return new ComparedFigure(name, unit, pattern, bars);
    }
}
