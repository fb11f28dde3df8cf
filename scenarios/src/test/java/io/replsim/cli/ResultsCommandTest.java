package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.compare.ComparisonPlan;
import io.replsim.scenario.provenance.ScenarioHash;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioVariant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code replsim results}: the table written between the page's markers from the runs directory, and a clear
 * refusal for a runs directory that is not there or a page without the markers; a matrix comparison's provenance
 * holds the matrix file's own hash, which results matches it by.
 */
class ResultsCommandTest {
    private static final String CATALOGUE = Path.of("catalogue").toAbsolutePath().toString();

    @TempDir
    Path dir;

    @Test
    void theTableIsWrittenBetweenTheMarkersEveryRowNotMeasuredWithoutRuns() throws Exception {
        Path runs = Files.createDirectories(dir.resolve("runs"));
        Path page = Files.writeString(dir.resolve("results.md"), "prose\n<!-- results table: ./replsim results -->\n"
                + "old\n<!-- end of results table -->\nmore prose\n");

        ReplsimCall ran = ReplsimCall.of("results", "--runs", runs.toString(), "--page", page.toString(),
                "--catalogue", CATALOGUE);

        assertThat(ran.exit()).as(ran.err()).isZero();
        String written = Files.readString(page);
        assertThat(written).startsWith("prose\n<!-- results table: ./replsim results -->\n| # | question |")
                .endsWith("<!-- end of results table -->\nmore prose\n").doesNotContain("\nold\n");
        assertThat(written.lines().filter(line -> line.matches("\\| \\d+ \\|.*"))).hasSize(10)
                .allSatisfy(line -> assertThat(line).contains("| not measured yet | - | not measured yet |"));
        assertThat(ran.out()).contains("entry 10  not measured yet");
    }

    @Test
    void aRowMeasuredElsewhereSurvivesARewriteWithoutItsRunsAndARowOfAChangedFileDoesNot() throws Exception {
        Path runs = Files.createDirectories(dir.resolve("runs"));
        String hash = ScenarioHash.of(Path.of(CATALOGUE, "05-n-plus-one.yaml")).sha256().substring(0, 12);
        String kept = "| 5 | q | 90% | busiest survivor 88% | 0.98 | agrees in size | `cmd` | 05-n-plus-one.yaml"
                + " (sha256:" + hash + "): `runs/20261201-100000-05-n-plus-one` (c1ad241, 2 cores) |";
        String stale = "| 6 | q | 90% | 1 worker 90% | 1.00 | agrees in size | `cmd` | 06-thread-pool.workers-1.yaml"
                + " (sha256:000000000000): `runs/20261201-100000-06-thread-pool-workers-1` (c1ad241, 2 cores) |";
        Path page = Files.writeString(dir.resolve("results.md"), "<!-- results table: ./replsim results -->\n"
                + "| # | h |\n|---|---|\n" + kept + "\n" + stale + "\n<!-- end of results table -->\n");

        ReplsimCall ran = ReplsimCall.of("results", "--runs", runs.toString(), "--page", page.toString(),
                "--catalogue", CATALOGUE);

        assertThat(ran.exit()).as(ran.err()).isZero();
        List<String> rows = Files.readString(page).lines().filter(line -> line.matches("\\| \\d+ \\|.*")).toList();
        assertThat(rows).hasSize(10).contains(kept);
        assertThat(rows.get(5)).startsWith("| 6 |").contains("| not measured yet | - | not measured yet |");
        assertThat(ran.out()).contains("entry  5  kept from the page (no run directory of its files here)")
                .contains("entry  6  not measured yet");
    }

    @Test
    void aRunsDirectoryThatIsNotThereIsRefused() {
        ReplsimCall ran = ReplsimCall.of("results", "--runs", dir.resolve("none").toString(), "--page",
                dir.resolve("results.md").toString(), "--catalogue", CATALOGUE);

        assertThat(ran.exit()).isEqualTo(2);
        assertThat(ran.err()).isEqualTo("replsim results: no runs directory at " + dir.resolve("none") + ": give"
                + " the directory replsim run, capacity and compare write their run directories into (--runs, runs/"
                + " by default)\n");
    }

    @Test
    void aPageWithoutTheMarkersIsRefusedAndLeftAsItWas() throws Exception {
        Path runs = Files.createDirectories(dir.resolve("runs"));
        Path page = Files.writeString(dir.resolve("results.md"), "| a hand-written table |\n");

        ReplsimCall ran = ReplsimCall.of("results", "--runs", runs.toString(), "--page", page.toString(),
                "--catalogue", CATALOGUE);

        assertThat(ran.exit()).isEqualTo(2);
        assertThat(ran.err()).startsWith("replsim results: " + page + " has no place for the table: put a line"
                + " '<!-- results table: ./replsim results -->' where it starts");
        assertThat(Files.readString(page)).isEqualTo("| a hand-written table |\n");
    }

    @Test
    void aMatrixComparisonHashesTheMatrixFileAfterItsVariants() throws Exception {
        Path matrix = Path.of(CATALOGUE, "03-granularity.yaml");
        List<ComparisonPlan.Entry> given = ScenarioLoader.variants(matrix).stream()
                .map(variant -> entry(variant, matrix)).toList();
        ComparisonPlan asGiven = new ComparisonPlan(Optional.empty(), given, 1);
        ComparisonPlan played = VariantFiles.written(asGiven, dir);

        List<ScenarioHash> hashes = CompareCommand.hashes(played, asGiven);

        assertThat(hashes).hasSize(5).last().isEqualTo(ScenarioHash.of(matrix));
        assertThat(hashes.subList(0, 4)).extracting(ScenarioHash::file)
                .allSatisfy(file -> assertThat(file).startsWith(dir.resolve("variants").toString()));
    }

    private static ComparisonPlan.Entry entry(ScenarioVariant variant, Path file) {
        return new ComparisonPlan.Entry(variant.name(), variant.spec(), file, variant.played());
    }
}
