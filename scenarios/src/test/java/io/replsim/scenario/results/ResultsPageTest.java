package io.replsim.scenario.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The page keeps its prose: only the lines between the two markers become the table. */
class ResultsPageTest {

    @Test
    void theTableBetweenTheMarkersIsReplacedAndTheProseKept() {
        String page = "# results\n\nprose before\n\n" + ResultsPage.START + "\n| old | table |\n" + ResultsPage.END
                + "\n\nprose after\n";

        String rewritten = ResultsPage.rewrite(page, "| new | table |\n", "docs/results.md");

        assertThat(rewritten).isEqualTo("# results\n\nprose before\n\n" + ResultsPage.START + "\n| new | table |\n"
                + ResultsPage.END + "\n\nprose after\n");
        assertThat(ResultsPage.rewrite(rewritten, "| new | table |\n", "docs/results.md")).as("run twice")
                .isEqualTo(rewritten);
    }

    @Test
    void aPageWithoutTheMarkersIsRefusedSayingWhichToAdd() {
        assertThatThrownBy(() -> ResultsPage.rewrite("# results\n" + ResultsPage.END + "\n", "", "docs/results.md"))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("docs/results.md has no place for the"
                        + " table: put a line '<!-- results table: ./replsim results -->' where it starts and a line"
                        + " '<!-- end of results table -->' after it (the lines between are replaced)");
    }

    @Test
    void theShippedPageHasBothMarkers() throws Exception {
        String page = Files.readString(Path.of("../docs/results.md"));

        assertThat(page).contains(ResultsPage.START).contains(ResultsPage.END);
        assertThat(page.indexOf(ResultsPage.START)).isLessThan(page.indexOf(ResultsPage.END));
    }

    @Test
    void aCellsBarIsEscapedSoTheRowKeepsItsColumns() {
        ResultsRow row = new ResultsRow(1, "a | b", "c", "d", "-", new Judgement(Verdict.NO_SOURCE_FIGURE, ""),
                java.util.List.of("./replsim run x"), java.util.List.of());

        String table = ResultsTable.markdown(java.util.List.of(new TableRow.Computed(row)));

        assertThat(table.lines().skip(2).findFirst().orElseThrow())
                .isEqualTo("| 1 | a \\| b | c | d | - | no source figure | `./replsim run x` | - |");
    }
}
