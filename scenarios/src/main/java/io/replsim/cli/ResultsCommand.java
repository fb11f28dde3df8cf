package io.replsim.cli;

import io.replsim.scenario.results.AgreementRule;
import io.replsim.scenario.results.Catalogue;
import io.replsim.scenario.results.CatalogueEntry;
import io.replsim.scenario.results.PageRows;
import io.replsim.scenario.results.ResultsPage;
import io.replsim.scenario.results.ResultsRow;
import io.replsim.scenario.results.ResultsTable;
import io.replsim.scenario.results.RunDirectories;
import io.replsim.scenario.results.TableRow;
import io.replsim.scenario.results.Unreadable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "results", description = {
        "Write docs/results.md's table from the run directories: per catalogue entry the newest run, search or",
        "comparison made from its files as they are now (matched by the SHA-256 in its provenance), replsim's",
        "figure with its interval beside the source's, their ratio and a verdict, the command and the run",
        "directory with its provenance. Only the lines between the page's two markers are rewritten.",
        "e.g. replsim results --runs runs/ --page docs/results.md"},
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = {
                "0:the table was written (a run directory that cannot be read is named in its row and skipped)",
                "2:bad input: no runs directory, no catalogue, or a page without the table's markers"})
final class ResultsCommand implements Callable<Integer> {

    @Option(names = "--runs", defaultValue = "runs", paramLabel = "DIR", description = "where replsim run, capacity"
            + " and compare wrote their run directories (default: ${DEFAULT-VALUE})")
    Path runs;

    @Option(names = "--page", defaultValue = "docs/results.md", paramLabel = "FILE", description = "the page whose"
            + " table is rewritten, between '" + ResultsPage.START + "' and '" + ResultsPage.END
            + "' (default: ${DEFAULT-VALUE})")
    Path page;

    @Option(names = "--catalogue", defaultValue = "scenarios/catalogue", paramLabel = "DIR", description = "the"
            + " catalogue's scenario files (default: ${DEFAULT-VALUE})")
    Path catalogue;

    @Override
    public Integer call() {
        try {
            RunDirectories directories = RunDirectories.read(runs);
            if (!Files.isRegularFile(page)) {
                System.err.println("replsim results: no page at " + page.toAbsolutePath() + ": give the page"
                        + " whose table to rewrite (--page)");
                return ReplsimCommand.BAD_INPUT;
            }
            String before = Files.readString(page);
            List<CatalogueEntry> entries = Catalogue.read(catalogue);
            List<ResultsRow> computed = new ArrayList<>();
            for (CatalogueEntry entry : entries) {
                computed.add(ResultsRow.of(entry, directories, AgreementRule.STATED));
            }
            List<TableRow> rows = PageRows.of(before).merged(entries, computed);
            Files.writeString(page, ResultsPage.rewrite(before, ResultsTable.markdown(rows), page.toString()));
            for (Unreadable skipped : directories.unreadable()) {
                System.err.println("replsim results: skipped " + skipped.directory() + ": " + skipped.why());
            }
            for (TableRow row : rows) {
                System.out.printf("entry %2d  %s%n", row.number(), row.verdictWords());
            }
            System.out.println("page      " + page + " (" + directories.recorded().size() + " run directories"
                    + " read under " + runs + ", " + directories.unreadable().size() + " unreadable)");
            return 0;
        } catch (IllegalArgumentException | IOException e) {
            System.err.println("replsim results: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
    }
}
