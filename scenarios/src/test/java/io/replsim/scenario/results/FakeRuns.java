package io.replsim.scenario.results;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.replsim.scenario.capacity.MadeUpSearch;
import io.replsim.scenario.compare.CapacityComparisonReport;
import io.replsim.scenario.compare.ComparedFromFigures;
import io.replsim.scenario.provenance.Jdk;
import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.provenance.ReplsimBuild;
import io.replsim.scenario.provenance.ScenarioHash;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Run directories in the formats replsim writes them, made without running anything: a drill's summary.json is the
 * pinned golden one (src/test/resources/golden/summaries.txt) with its scenario's hash and survivors' CPU set, a
 * search's is MadeUpSearch's with its answer set, a capacity comparison's compare.json is ComparedFromFigures' as
 * compare --capacity writes it.
 */
final class FakeRuns {
    static final Path CATALOGUE = Path.of("catalogue").toAbsolutePath();
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final String GOLDEN_HASH = "89bc81c8974991306b1f4b40c3f34b2267d8ac06172211a5b0a93c73d8a3e307";
    private static final Jdk JDK = new Jdk("25.0.3+9-LTS", "Eclipse Adoptium");

    private FakeRuns() {
    }

    /** What made a fake directory: commit abc1234, clean, 2 cores, load 0.50 before and 1.50 after. */
    static Provenance provenance(String sha256, String... files) {
        return new Provenance(new ReplsimBuild("abc1234def5678", false, "test"), JDK, "process", JDK, 2, 8L << 30,
                0.5, 1.5, null, null, null, java.util.Arrays.stream(files).map(file -> new ScenarioHash("scenarios/catalogue/" + file,
                sha256)).toList());
    }

    static String sha256(String catalogueFile) throws IOException {
        return ScenarioHash.of(CATALOGUE.resolve(catalogueFile)).sha256();
    }

    /**
     * A drill's directory under {@code runs} played from {@code file} hashed {@code sha256}: the cluster at
     * {@code before} of its budget before the kill, the two survivors at {@code after} and {@code other} after it,
     * {@code throughput} requests/s over the steady window of its 60 users.
     */
    static Path run(Path runs, String name, String file, String sha256, double before, double after, double other,
                    double throughput) throws IOException {
        String summary = golden("drill: summary.json")
                .replace(GOLDEN_HASH, sha256)
                .replace("\"file\" : \"golden.yaml\"", "\"file\" : \"scenarios/catalogue/" + file + "\"")
                .replace("\"utilizationAfter\" : 0.19696969696969696", "\"utilizationAfter\" : " + after)
                .replace("\"utilizationAfter\" : 0.16666666666666666", "\"utilizationAfter\" : " + other)
                .replace("\"utilizationBefore\" : 0.1313131313131313", "\"utilizationBefore\" : " + before)
                .replace("\"throughputPerSec\" : 113.925", "\"throughputPerSec\" : "
                        + String.format(Locale.ROOT, "%.3f", throughput));
        Path directory = Files.createDirectories(runs.resolve(name));
        Files.writeString(directory.resolve("summary.json"), summary);
        return directory;
    }

    /** A capacity search's directory played from {@code file}: {@code users} sustained, its interval ±10%. */
    static Path search(Path runs, String name, String file, int users) throws IOException {
        ObjectNode summary = JSON.valueToTree(MadeUpSearch.summary());
        summary.set("provenance", JSON.valueToTree(provenance(sha256(file), file)));
        ObjectNode search = (ObjectNode) summary.get("search");
        search.put("usersSustained", users).put("low", users * 9 / 10).put("high", users * 11 / 10)
                .put("nextLow", users * 9 / 10).put("nextHigh", users * 11 / 10);
        Path directory = Files.createDirectories(runs.resolve(name));
        JSON.writeValue(directory.resolve("summary.json").toFile(), summary);
        Files.writeString(directory.resolve("capacity.csv"), "step,users\n");
        return directory;
    }

    /** A capacity comparison's directory, as compare --capacity writes it, with {@code provenance}. */
    static Path capacityComparison(Path runs, String name, Provenance provenance) throws Exception {
        Path directory = Files.createDirectories(runs.resolve(name));
        CapacityComparisonReport.write(ComparedFromFigures.capacity(), provenance, directory.resolve("compare.json"));
        return directory;
    }

    /** The section of the golden file headed {@code === <section> ===}. */
    private static String golden(String section) throws IOException {
        try (InputStream in = FakeRuns.class.getClassLoader().getResourceAsStream("golden/summaries.txt")) {
            String all = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            int start = all.indexOf("=== " + section + " ===\n");
            int body = all.indexOf('\n', start) + 1;
            int end = all.indexOf("\n=== ", body);
            return all.substring(body, end < 0 ? all.length() : end + 1);
        }
    }

    static List<CatalogueEntry> catalogue() throws IOException {
        return Catalogue.read(CATALOGUE);
    }
}
