package io.replsim.scenario.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A row of docs/results.md's table from fake run directories in the formats replsim writes (FakeRuns): the newest
 * directory made from the entry's files as they are now, never one of an older version of a file, an unreadable
 * directory named and skipped, and the verdict the stated rule gives.
 */
class ResultsRowTest {
    private static final String N_PLUS_ONE = "05-n-plus-one.yaml";

    @TempDir
    Path runs;

    @Test
    void theNewestRunOfTheFileAsItIsNowIsReadAndAnOlderVersionsRunIsNot() throws Exception {
        String now = FakeRuns.sha256(N_PLUS_ONE);
        FakeRuns.run(runs, "20261201-100000-05-n-plus-one", N_PLUS_ONE, now, 0.60, 0.70, 0.71, 100);
        FakeRuns.run(runs, "20261202-100000-05-n-plus-one", N_PLUS_ONE, now, 0.60, 0.88, 0.86, 100);
        FakeRuns.run(runs, "20261203-100000-05-n-plus-one", N_PLUS_ONE, "0".repeat(64), 0.60, 0.30, 0.30, 100);

        ResultsRow row = row(5);

        assertThat(row.traced()).singleElement().asString().contains("20261202-100000-05-n-plus-one")
                .contains("(c1ad241 (dirty), 2 cores, load 1.25 -> 3.50, probe 3.41 -> 3.52 ms)");
        assertThat(row.replsimFigure()).startsWith("busiest survivor 88% of its budget after the kill (survivors"
                + " 86-88%), the cluster 60% before it");
        assertThat(row.ratio()).isEqualTo("survivors' CPU 0.98");
        assertThat(row.judgement().verdict()).isEqualTo(Verdict.AGREES_IN_SIZE);
    }

    @Test
    void onlyRunsOfAnOlderVersionOfTheFileLeaveTheRowNotMeasuredSinceTheFileChanged() throws Exception {
        FakeRuns.run(runs, "20261203-100000-05-n-plus-one", N_PLUS_ONE, "0".repeat(64), 0.60, 0.88, 0.86, 100);

        ResultsRow row = row(5);

        assertThat(row.replsimFigure()).isEqualTo("not measured since the file changed");
        assertThat(row.judgement().verdict()).isEqualTo(Verdict.NOT_MEASURED_YET);
        assertThat(row.traced()).singleElement().asString().contains("not measured since the file changed")
                .contains("20261203-100000-05-n-plus-one");
    }

    @Test
    void aSurvivorsCpuThatRoseButFarFromTheSourcesAgreesInDirectionAndOneThatFellDisagrees() throws Exception {
        String now = FakeRuns.sha256(N_PLUS_ONE);
        FakeRuns.run(runs, "20261201-100000-05-n-plus-one", N_PLUS_ONE, now, 0.55, 0.65, 0.64, 100);
        assertThat(row(5).judgement().verdict()).isEqualTo(Verdict.AGREES_IN_DIRECTION);

        FakeRuns.run(runs, "20261202-100000-05-n-plus-one", N_PLUS_ONE, now, 0.60, 0.50, 0.40, 100);
        assertThat(row(5).judgement().verdict()).isEqualTo(Verdict.DISAGREES);
    }

    @Test
    void aClusterFarFromTheSourcesCpuBeforeTheKillHasNotMetThePremiseWhereverItsSurvivorsLand() throws Exception {
        String now = FakeRuns.sha256(N_PLUS_ONE);
        // 83% before and 98% after: within 1.25x of the source's 90%, but the rule starts from 60%
        FakeRuns.run(runs, "20261201-100000-05-n-plus-one", N_PLUS_ONE, now, 0.83, 0.98, 0.98, 100);

        ResultsRow row = row(5);

        assertThat(row.judgement().verdict()).isEqualTo(Verdict.PREMISE_NOT_MET);
        assertThat(row.judgement().why()).contains("the cluster ran at 83% of its CPU before the kill, not within 10"
                + " points of the source's 60%").contains("load.users");
        assertThat(row.ratio()).isEqualTo("survivors' CPU 1.09");

        FakeRuns.run(runs, "20261202-100000-05-n-plus-one", N_PLUS_ONE, now, 0.69, 0.98, 0.98, 100);
        assertThat(row(5).judgement().verdict()).as("69% is within 10 points of 60%")
                .isEqualTo(Verdict.AGREES_IN_SIZE);
    }

    @Test
    void anUnreadableSummaryIsNamedInItsRowAndTheOthersAreStillRead() throws Exception {
        FakeRuns.run(runs, "20261201-100000-05-n-plus-one", N_PLUS_ONE, FakeRuns.sha256(N_PLUS_ONE), 0.60, 0.88,
                0.86, 100);
        Path broken = Files.createDirectories(runs.resolve("20261202-100000-05-n-plus-one"));
        Files.writeString(broken.resolve("summary.json"), "{\"scenario\": ");

        ResultsRow row = row(5);

        assertThat(row.traced()).hasSize(2).anySatisfy(line -> assertThat(line)
                .contains("20261201-100000-05-n-plus-one")).anySatisfy(line -> assertThat(line)
                .contains("`" + broken + "` skipped, unreadable: " + broken.resolve("summary.json")
                        + " cannot be read as the run wrote it"));
        assertThat(row.judgement().verdict()).isEqualTo(Verdict.AGREES_IN_SIZE);
    }

    @Test
    void searchesOfEachFileGiveTheRatioWithItsIntervalBesideTheSources() throws Exception {
        FakeRuns.search(runs, "20261201-100000-08-sfsb-is-modified-every-call-capacity",
                "08-sfsb-is-modified.every-call.yaml", 100);
        FakeRuns.search(runs, "20261201-110000-08-sfsb-is-modified-every-4th-call-capacity",
                "08-sfsb-is-modified.every-4th-call.yaml", 110);

        ResultsRow row = row(8);

        assertThat(row.replsimFigure()).isEqualTo("every call 100 users (90-110) (reference); every 4th call 110 users"
                + " (99-121), ratio 1.10 (0.95-1.27) no difference shown");
        assertThat(row.ratio()).isEqualTo("every 4th call 1.04");
        assertThat(row.judgement().verdict()).as("the interval holds the source's 1.06")
                .isEqualTo(Verdict.AGREES_IN_SIZE);
        assertThat(row.traced()).hasSize(2);
    }

    @Test
    void aSearchOfOneFileAloneGivesItsUsersAndNoRatio() throws Exception {
        FakeRuns.search(runs, "20261201-100000-08-sfsb-is-modified-every-call-capacity",
                "08-sfsb-is-modified.every-call.yaml", 100);

        ResultsRow row = row(8);

        assertThat(row.replsimFigure()).endsWith("every 4th call not measured");
        assertThat(row.ratio()).isEqualTo("-");
        assertThat(row.judgement().verdict()).isEqualTo(Verdict.NO_SOURCE_FIGURE);
    }

    @Test
    void aComparisonIsReadWhenItsProvenanceHoldsTheMatrixFileAsItIsNow() throws Exception {
        FakeRuns.capacityComparison(runs, "20261201-100000-compare",
                FakeRuns.provenance(FakeRuns.sha256("03-granularity.yaml"), "03-granularity.yaml"));

        ResultsRow row = row(3);

        assertThat(row.replsimFigure()).startsWith("users sustained (users): all 1,000-1,010 (reference); buddies"
                + " 1,300-1,320, ratio 1.30").contains("differs");
        assertThat(row.judgement().verdict()).isEqualTo(Verdict.NO_SOURCE_FIGURE);
    }

    @Test
    void aRunDirectoryOfAnotherKindThanTheEntryAsksForIsNotRead() throws Exception {
        FakeRuns.capacityComparison(runs, "20261201-100000-compare",
                FakeRuns.provenance(FakeRuns.sha256(N_PLUS_ONE), N_PLUS_ONE));

        assertThat(row(5).judgement().verdict()).isEqualTo(Verdict.NOT_MEASURED_YET);
    }

    @Test
    void withNoRunsEveryRowIsNotMeasuredYet() throws Exception {
        RunDirectories none = RunDirectories.read(runs);

        assertThat(FakeRuns.catalogue()).extracting(entry -> ResultsRow.of(entry, none, AgreementRule.STATED))
                .allSatisfy(row -> {
                    assertThat(row.replsimFigure()).isEqualTo("not measured yet");
                    assertThat(row.judgement().verdict()).isEqualTo(Verdict.NOT_MEASURED_YET);
                });
    }

    private ResultsRow row(int entry) throws IOException {
        List<CatalogueEntry> catalogue = FakeRuns.catalogue();
        return ResultsRow.of(catalogue.get(entry - 1), RunDirectories.read(runs), AgreementRule.STATED);
    }
}
