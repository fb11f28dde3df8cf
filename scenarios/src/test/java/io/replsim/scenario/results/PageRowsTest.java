package io.replsim.scenario.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page's rows kept where this machine has no run directory of an entry's files: only a row that names its files
 * with the hashes they have now, so a fresh clone's rewrite loses no figure and keeps none of a changed file.
 */
class PageRowsTest {
    @TempDir
    Path runs;

    @Test
    void aRowMeasuredElsewhereIsKeptWhileItsFilesAreAsItNamesThem() throws Exception {
        CatalogueEntry entry = entry(5);
        String line = "| 5 | question | 90% | 88% | 0.98 | agrees in size | `cmd` | "
                + entry.files().getFirst().nameWithHash() + ": `runs/20261201-100000-05-n-plus-one` (c1ad241) |";

        List<TableRow> rows = PageRows.of(page(line)).merged(List.of(entry), List.of(notMeasuredHere(entry)));

        assertThat(rows).singleElement().isEqualTo(new TableRow.Kept(5, line));
    }

    @Test
    void aRowNamingAnotherHashOrNoneIsNotKept() throws Exception {
        CatalogueEntry entry = entry(5);
        String changed = "| 5 | q | 90% | 88% | 0.98 | agrees in size | `cmd` | 05-n-plus-one.yaml (sha256:"
                + "0".repeat(12) + "): `runs/x` (c1ad241) |";
        String unnamed = "| 5 | q | 90% | 88% | 0.98 | agrees in size | `cmd` | 05-n-plus-one.yaml: `runs/x` |";

        assertThat(PageRows.of(page(changed)).keptFor(entry)).isEmpty();
        assertThat(PageRows.of(page(unnamed)).keptFor(entry)).isEmpty();
        assertThat(PageRows.of(page(changed)).merged(List.of(entry), List.of(notMeasuredHere(entry))))
                .singleElement().isInstanceOf(TableRow.Computed.class);
    }

    @Test
    void aRowThisMachineHasRunDirectoriesOfIsComputedNotKept() throws Exception {
        CatalogueEntry entry = entry(5);
        FakeRuns.run(runs, "20261202-100000-05-n-plus-one", "05-n-plus-one.yaml",
                FakeRuns.sha256("05-n-plus-one.yaml"), 0.60, 0.88, 0.86, 100);
        ResultsRow here = ResultsRow.of(entry, RunDirectories.read(runs), AgreementRule.STATED);
        String line = "| 5 | q | 90% | 70% | 0.78 | agrees in direction | `cmd` | "
                + entry.files().getFirst().nameWithHash() + ": `runs/older` (c1ad241) |";

        assertThat(PageRows.of(page(line)).merged(List.of(entry), List.of(here))).singleElement()
                .isEqualTo(new TableRow.Computed(here));
        assertThat(here.traced()).singleElement().asString().startsWith(entry.files().getFirst().nameWithHash()
                + ": `");
    }

    private ResultsRow notMeasuredHere(CatalogueEntry entry) throws Exception {
        return ResultsRow.of(entry, RunDirectories.read(runs), AgreementRule.STATED);
    }

    private static CatalogueEntry entry(int number) throws Exception {
        return Catalogue.read(FakeRuns.CATALOGUE).stream().filter(entry -> entry.number() == number).findFirst()
                .orElseThrow();
    }

    private static String page(String row) {
        return "prose\n" + ResultsPage.START + "\n" + ResultsTable.HEADER + row + "\n" + ResultsPage.END + "\n";
    }
}
