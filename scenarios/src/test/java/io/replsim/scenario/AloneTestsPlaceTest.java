package io.replsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every test class tagged {@code alone} lives in this module's tests. {@code ./replsim test} runs the reactor with a
 * thread a core, so modules that do not need each other test side by side (replication's beside loadgen's); a
 * module's {@code alone} execution runs once its own other tests are done, and only in the last module, which needs
 * every other, is nothing else of the suite running then. An {@code alone} class in loadgen ran beside replication's
 * tests.
 */
class AloneTestsPlaceTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern ALONE_TAG = Pattern.compile(
            "@(?:[\\w.]+\\.)?Tag\\(\\s*(?:value\\s*=\\s*)?\"alone\"\\s*\\)");

    @Test
    void everyTestTaggedAloneIsInTheLastModule() throws IOException {
        List<String> tagged = testSources().stream().filter(AloneTestsPlaceTest::taggedAlone)
                .map(file -> ROOT.relativize(file).toString()).toList();
        assertThat(tagged).as("classes tagged alone outside the scenarios module")
                .filteredOn(file -> !file.startsWith("scenarios/")).isEmpty();
        assertThat(tagged).as("the scenarios module's own alone classes are found").isNotEmpty();
    }

    @Test
    void aTagAloneIsFoundAsItIsWritten() {
        assertThat(ALONE_TAG.matcher("    @Test\n    @Tag(\"alone\")\n    void x() {}").find()).isTrue();
        assertThat(ALONE_TAG.matcher("@org.junit.jupiter.api.Tag(value = \"alone\") class X {}").find()).isTrue();
        assertThat(ALONE_TAG.matcher("    @Tag(\"slow\")\n").find()).isFalse();
    }

    private static boolean taggedAlone(Path file) {
        try {
            return ALONE_TAG.matcher(Files.readString(file)).find();
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + file, e);
        }
    }

    private static List<Path> testSources() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> ROOT.relativize(file).toString().matches("[\\w-]+/src/test/.*"))
                    .filter(file -> !file.getFileName().toString().equals("AloneTestsPlaceTest.java"))
                    .toList();
        }
    }
}
