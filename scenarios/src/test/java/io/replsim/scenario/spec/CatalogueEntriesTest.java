package io.replsim.scenario.spec;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.scenario.results.CatalogueComment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The catalogue (scenarios/catalogue/) reproduces the sources replsim models, one file per entry and variant. Each
 * file is one of the shipped scenarios (so {@link ShippedScenariosTest} loads it), opens with a comment that names
 * its question, its source, the source's figure, what was scaled to this machine, and the command that runs that
 * very file; and docs/results.md has a row naming it. An entry without its source, or whose command runs another
 * file, cannot be added.
 */
class CatalogueEntriesTest {

    // Surefire runs in the module directory (scenarios/).
    private static final Path CATALOGUE = Path.of("catalogue").toAbsolutePath();
    private static final Path RESULTS = Path.of("../docs/results.md").toAbsolutePath().normalize();
    private static final List<String> HEADER_WORDS = List.of("question", "source", "figure", "scaled", "run");
    private static final Pattern FILE_NAME = Pattern.compile("(0[1-9]|10)-[a-z0-9-]+(\\.[a-z0-9-]+)?\\.yaml");
    private static final Pattern REFERENCE_FILE = Pattern.compile("[a-z0-9-]+\\.md");

    static Stream<Path> entries() throws IOException {
        try (Stream<Path> files = Files.list(CATALOGUE)) {
            return files.filter(file -> file.toString().endsWith(".yaml")).sorted().toList().stream();
        }
    }

    /**
     * What is missing from or wrong with the opening comment of the catalogue file {@code fileName}: one line per
     * problem, empty when it names its question, source, figure, scaling and the command that runs it.
     */
    static List<String> headerProblems(String fileName, String text) {
        CatalogueComment comment = CatalogueComment.of(text);
        List<String> problems = new ArrayList<>();
        for (String word : HEADER_WORDS) {
            List<String> block = comment.block(word);
            if (block.isEmpty()) {
                problems.add("no line '# " + word + ":' in the opening comment");
            }
        }
        if (!comment.block("source").isEmpty()
                && comment.block("source").stream().noneMatch(line -> REFERENCE_FILE.matcher(line).find())) {
            problems.add("the source names no reference document (such as jboss-as5-tuning.md) and section");
        }
        List<String> run = comment.block("run");
        if (!run.isEmpty() && run.stream().noneMatch(line -> line.contains("./replsim "))) {
            problems.add("the run line gives no ./replsim command");
        }
        if (!run.isEmpty() && run.stream().noneMatch(line -> line.contains("scenarios/catalogue/" + fileName))) {
            problems.add("the run line does not name this file, scenarios/catalogue/" + fileName);
        }
        return problems;
    }

    /** The catalogue files docs/results.md does not name. */
    static List<String> missingFromResults(String results, List<String> fileNames) {
        return fileNames.stream().filter(name -> !results.contains("scenarios/catalogue/" + name)).toList();
    }

    @Test
    void theCatalogueHasAFileForEachOfItsTenEntriesAmongTheShippedScenarios() throws IOException {
        List<String> names = entries().map(file -> file.getFileName().toString()).toList();

        for (int entry = 1; entry <= 10; entry++) {
            String prefix = "%02d-".formatted(entry);
            assertThat(names).as("entry %d", entry).anyMatch(name -> name.startsWith(prefix));
        }
        assertThat(names).allMatch(name -> FILE_NAME.matcher(name).matches());
        assertThat(ShippedScenariosTest.shippedScenarios()).containsAll(entries().toList());
    }

    @ParameterizedTest
    @MethodSource("entries")
    void everyEntryOpensWithItsQuestionSourceFigureScalingAndCommand(Path file) throws IOException {
        String name = file.getFileName().toString();

        assertThat(headerProblems(name, Files.readString(file))).as(name).isEmpty();
    }

    @Test
    void everyEntryHasItsRowInTheResultsTable() throws IOException {
        List<String> names = entries().map(file -> file.getFileName().toString()).toList();

        assertThat(missingFromResults(Files.readString(RESULTS), names)).as("catalogue files docs/results.md"
                + " does not name").isEmpty();
    }

    @Test
    void anEntryWithoutItsSourceOrFigureIsRefused() {
        String header = """
                # question: does it hold?
                # scaled:   nothing
                # run:      ./replsim run scenarios/catalogue/11-new.yaml

                name: new
                """;

        assertThat(headerProblems("11-new.yaml", header)).containsExactly(
                "no line '# source:' in the opening comment", "no line '# figure:' in the opening comment");
    }

    @Test
    void aSourceThatNamesNoDocumentAndACommandForAnotherFileAreRefused() {
        String header = """
                # question: does it hold?
                # source:   a book I read
                # figure:   +30%
                # scaled:   nothing
                # run:      ./replsim run scenarios/catalogue/01-buddy-vs-full.full.yaml
                name: new
                """;

        assertThat(headerProblems("11-new.yaml", header)).containsExactly(
                "the source names no reference document (such as jboss-as5-tuning.md) and section",
                "the run line does not name this file, scenarios/catalogue/11-new.yaml");
    }

    @Test
    void aCatalogueFileMissingFromTheResultsIsNamed() {
        assertThat(missingFromResults("| 1 | `./replsim run scenarios/catalogue/01-a.yaml` |",
                List.of("01-a.yaml", "02-b.yaml"))).containsExactly("02-b.yaml");
    }
}
