package io.replsim.scenario.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every scenario file shipped in scenarios/ reads as a valid spec, and every scenarios/ file its comments name (the
 * commands to run it, the files to compare it with) exists: a field renamed or a file moved would otherwise reach a user as a refusal of a file we told them to
 * run.
 */
class ShippedScenariosTest {

    // Surefire runs in the module directory: the shipped files sit here and in cost/.
    private static final Path SHIPPED = Path.of("");
    private static final Pattern NAMED_FILE = Pattern.compile("scenarios/([a-z0-9/.-]+\\.yaml)");

    static Stream<Path> shippedScenarios() throws IOException {
        try (Stream<Path> files = Files.walk(SHIPPED.toAbsolutePath(), 2)) {
            List<Path> found = files
                    .filter(file -> file.getFileName().toString().endsWith(".yaml"))
                    .filter(file -> !file.toString().contains("/target/") && !file.toString().contains("/src/"))
                    .sorted()
                    .toList();
            return found.stream();
        }
    }

    @Test
    void theShippedScenariosAreFound() throws IOException {
        assertThat(shippedScenarios().map(file -> file.getFileName().toString()))
                .contains("quickstart.yaml", "drill-partition.yaml", "session-3k.yaml")
                .hasSizeGreaterThan(30);
    }

    /** A file with a matrix is valid when each of its variants is (replsim validate reads it the same way). */
    @ParameterizedTest
    @MethodSource("shippedScenarios")
    void readsAsAValidScenario(Path file) {
        assertThatCode(() -> ScenarioLoader.variants(file)).doesNotThrowAnyException();
    }

    @ParameterizedTest
    @MethodSource("shippedScenarios")
    void everyFileItsCommentsNameIsShipped(Path file) throws IOException {
        Matcher named = NAMED_FILE.matcher(Files.readString(file));
        while (named.find()) {
            assertThat(SHIPPED.toAbsolutePath().resolve(named.group(1)))
                    .as("%s names scenarios/%s", file.getFileName(), named.group(1))
                    .exists();
        }
    }

    @Test
    void aCommentNamingAMissingScenarioIsCaught() {
        Matcher named = NAMED_FILE.matcher("# Run it with   ./replsim run scenarios/no-such-drill.yaml\n");
        assertThat(named.find()).isTrue();
        assertThat(SHIPPED.toAbsolutePath().resolve(named.group(1))).doesNotExist();
    }

    @Test
    void aCommentNamingAMissingVariantWithDotsInItsNameIsCaught() {
        Matcher named = NAMED_FILE.matcher("#   ./replsim run scenarios/catalogue/04-sync-vs-async.never.yaml\n");
        assertThat(named.find()).isTrue();
        assertThat(named.group(1)).isEqualTo("catalogue/04-sync-vs-async.never.yaml");
        assertThat(SHIPPED.toAbsolutePath().resolve(named.group(1))).doesNotExist();
    }
}
