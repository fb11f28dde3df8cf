package io.replsim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every Java source file of every module declares a top-level type named as the file is. The compiler's
 * up-to-date check looks for {@code Name.class} beside {@code Name.java}: a file whose class has another name is
 * never up to date, so every Maven invocation compiled its module's tests again (cluster-node's 34 test files, 7 s at
 * load 14, in each of the four tiers of {@code .ci/run}); and a test named apart from its file is hard to find.
 */
class SourceFileNamesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern TOP_LEVEL_TYPE = Pattern.compile(
            "^(?:public\\s+|abstract\\s+|final\\s+|sealed\\s+|non-sealed\\s+|strictfp\\s+)*"
                    + "(?:class|interface|enum|record|@interface)\\s+(\\w+)", Pattern.MULTILINE);

    @Test
    void everySourceFileDeclaresATopLevelTypeOfItsOwnName() throws IOException {
        List<String> misnamed = new ArrayList<>();
        for (Path file : sources()) {
            String expected = file.getFileName().toString().replaceFirst("\\.java$", "");
            List<String> declared = TOP_LEVEL_TYPE.matcher(Files.readString(file)).results()
                    .map(match -> match.group(1)).toList();
            if (!declared.contains(expected)) {
                misnamed.add(ROOT.relativize(file) + " declares " + declared);
            }
        }
        assertThat(misnamed).as("source files without a top-level type of their own name").isEmpty();
    }

    @Test
    void aFileWhoseClassIsNamedOtherwiseIsFound() {
        String source = "package p;\n\nclass SessionCookieTest {\n}\n";
        assertThat(TOP_LEVEL_TYPE.matcher(source).results().map(match -> match.group(1)).toList())
                .containsExactly("SessionCookieTest").doesNotContain("RoutedSessionCookieTest");
    }

    private static List<Path> sources() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> !file.getFileName().toString().equals("package-info.java"))
                    .filter(file -> !file.getFileName().toString().equals("module-info.java"))
                    .filter(file -> ROOT.relativize(file).toString().matches("[\\w-]+/src/.*"))
                    .toList();
        }
    }
}
