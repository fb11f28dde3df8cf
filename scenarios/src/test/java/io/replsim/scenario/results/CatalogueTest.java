package io.replsim.scenario.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every catalogue file is read by its entry's figure, of the kind its {@code # run:} line makes, so a file added to
 * the catalogue without a reading, or renamed, is not silently left out of docs/results.md.
 */
class CatalogueTest {

    @Test
    void everyCatalogueFileIsReadByItsEntryOfTheKindItsRunLineMakes() throws Exception {
        List<CatalogueEntry> entries = FakeRuns.catalogue();
        List<String> read = entries.stream().flatMap(entry -> entry.figure().measurements().stream())
                .flatMap(measurement -> measurement.files().stream().map(CatalogueFile::name)).toList();
        List<String> files;
        try (Stream<Path> listed = Files.list(FakeRuns.CATALOGUE)) {
            files = listed.map(file -> file.getFileName().toString()).filter(name -> name.endsWith(".yaml"))
                    .toList();
        }

        assertThat(read).containsExactlyInAnyOrderElementsOf(files);
        assertThat(entries).extracting(CatalogueEntry::number).containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
        entries.forEach(entry -> entry.figure().measurements().forEach(measurement -> assertThat(measurement.kind())
                .isEqualTo(RunKind.ofCommand(measurement.files().getFirst().command()))));
    }

    @Test
    void aRunLineContinuedOverSeveralCommentLinesIsOneCommand() throws Exception {
        CatalogueFile file = CatalogueFile.read(FakeRuns.CATALOGUE.resolve("10-replication-cost.none.yaml"));

        assertThat(file.command()).isEqualTo("./replsim compare --baseline scenarios/catalogue/10-replication-cost"
                + ".none.yaml scenarios/catalogue/10-replication-cost.all-session.yaml scenarios/catalogue/"
                + "10-replication-cost.all-attribute.yaml scenarios/catalogue/10-replication-cost.buddies-session"
                + ".yaml scenarios/catalogue/10-replication-cost.buddies-attribute.yaml");
        assertThat(file.scenarioName()).isEqualTo("10-replication-cost-none");
    }

    @Test
    void aCatalogueMissingAFileAnEntryReadsIsRefusedNamingIt(@TempDir Path copy) throws Exception {
        try (Stream<Path> listed = Files.list(FakeRuns.CATALOGUE)) {
            for (Path file : listed.toList()) {
                if (!file.getFileName().toString().equals("05-n-plus-one.yaml")) {
                    Files.copy(file, copy.resolve(file.getFileName()));
                }
            }
        }

        assertThatThrownBy(() -> Catalogue.read(copy)).hasMessageStartingWith("the catalogue has no"
                + " 05-n-plus-one.yaml, which replsim results reads an entry's figure from");
    }
}
