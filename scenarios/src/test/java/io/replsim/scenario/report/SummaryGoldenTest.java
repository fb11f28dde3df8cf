package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.replsim.scenario.provenance.Provenance;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * summary.json and the console's summary of four runs with fixed readings (GoldenRuns), byte for byte as pinned in
 * {@code src/test/resources/golden/summaries.txt}: users and tests read both, so a change to how the report is made
 * must not change a key, its place or a value. Only the wall time (the clock's) and the temporary run directory's
 * path are put aside. A missing section fails the test and leaves what the report wrote in
 * {@code target/golden-actual/} to look at.
 */
class SummaryGoldenTest {
    private static final String GOLDEN = "golden/summaries.txt";
    private static final Path ACTUAL = Path.of("target", "golden-actual");

    @TempDir
    Path root;

    @Test
    void aDrillOnReplsimsOwnEngineWithAScriptAHistoryAndAKill() throws IOException {
        pinned("drill", GoldenRuns.drill(root), null, GoldenRuns.provenance(GoldenRuns.DRILL));
    }

    @Test
    void aDrillOnInfinispanWithAStaleSessionThatFails() throws IOException {
        pinned("infinispan", GoldenRuns.infinispan(root), null, GoldenRuns.provenance(GoldenRuns.INFINISPAN));
    }

    @Test
    void aDrillAgainstAClusterReplsimDoesNotRunKeepsExternalLast() throws IOException {
        pinned("external", GoldenRuns.external(root), GoldenRuns.externalCluster(),
                GoldenRuns.externalProvenance());
    }

    @Test
    void anOpenModelRunThatIsInvalid() throws IOException {
        pinned("open", GoldenRuns.open(root), null, GoldenRuns.provenance(GoldenRuns.OPEN));
    }

    private void pinned(String name, RunRecord run, RunSummary.External external, Provenance provenance)
            throws IOException {
        RunSummary summary = RunReport.write(run, external, InvalidRuns.REFUSED, provenance);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        new ConsoleReport(new PrintStream(printed, true, StandardCharsets.UTF_8)).print(summary);

        String json = normalized(Files.readString(run.directory().resolve("summary.json")));
        String console = normalized(printed.toString(StandardCharsets.UTF_8));

        String pinnedJson = golden(name + ": summary.json", json);
        String pinnedConsole = golden(name + ": console", console);
        if (pinnedJson == null || pinnedConsole == null) {
            fail("no section for " + name + " in src/test/resources/" + GOLDEN + "; what the report wrote is in "
                    + ACTUAL.toAbsolutePath());
        }
        assertThat(json).as("summary.json of " + name).isEqualTo(pinnedJson);
        assertThat(console).as("the console's summary of " + name).isEqualTo(pinnedConsole);
    }

    /** Without the temporary directory and the clock, ending in one line break as each section of the file. */
    private String normalized(String text) {
        String fixed = text.replace(root.toString(), "<root>").replaceAll("\"wallMs\" : \\d+", "\"wallMs\" : 0");
        return fixed.endsWith("\n") ? fixed : fixed + "\n";
    }

    /**
     * The section of the golden file headed {@code === <section> ===}, up to the next heading: one file for every
     * run, so that a new figure changes one file of pinned output. Null when there is none, and then
     * {@code actual} is written under {@link #ACTUAL} with its heading.
     */
    private static String golden(String section, String actual) throws IOException {
        String heading = "=== " + section + " ===\n";
        String all;
        try (InputStream in = SummaryGoldenTest.class.getResourceAsStream("/" + GOLDEN)) {
            all = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int start = all.indexOf(heading);
        if (start < 0) {
            Files.writeString(Files.createDirectories(ACTUAL).resolve(section.replace(": ", "-") + ".txt"),
                    heading + actual);
            return null;
        }
        int from = start + heading.length();
        int next = all.indexOf("\n=== ", from);
        return next < 0 ? all.substring(from) : all.substring(from, next + 1);
    }
}
