package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files that are not a scenario at all: each gives one clear problem, never a stack trace. */
class ScenarioFileProblemsTest {

    @Test
    void yamlSyntaxErrorNamesTheLineAndColumnOfTheBrokenLine() throws Exception {
        Path file = ScenarioDefaultsTest.resource("syntax-error.yaml");

        assertThatThrownBy(() -> ScenarioLoader.load(file))
                .isInstanceOfSatisfying(SpecException.class, rejection -> {
                    assertThat(rejection.problems()).singleElement().satisfies(problem -> {
                        assertThat(problem.path()).isEqualTo("line 4, column 3");
                        assertThat(problem.value()).isEqualTo("workers 16");
                        assertThat(problem.expected()).startsWith("well-formed YAML (").contains("expected ':'");
                    });
                    assertThat(rejection.getMessage()).startsWith(file + ": line 4, column 3: ").doesNotContain("\n")
                            .doesNotContain("Exception").doesNotContain("\tat ");
                });
    }

    @Test
    void keyWrittenTwiceIsASyntaxErrorAtItsSecondLine() {
        List<SpecProblem> problems = problemsOf("""
                name: first
                name: second
                """);

        assertThat(problems).singleElement().satisfies(problem -> {
            assertThat(problem.path()).startsWith("line 2, ");
            assertThat(problem.value()).isEqualTo("name: second");
            assertThat(problem.expected()).contains("Duplicate field 'name'");
        });
    }

    @Test
    void tabIndentationIsASyntaxErrorAtItsLine() {
        List<SpecProblem> problems = problemsOf("name: x\ncluster:\n\tnodes: 3\n");

        assertThat(problems).singleElement().satisfies(problem -> {
            assertThat(problem.path()).startsWith("line 3, ");
            assertThat(problem.expected()).contains("TAB");
        });
    }

    @Test
    void emptyFileIsOneProblemSayingSo() throws Exception {
        Path file = ScenarioDefaultsTest.resource("empty.yaml");

        assertThatThrownBy(() -> ScenarioLoader.load(file))
                .isInstanceOfSatisfying(SpecException.class, rejection -> assertThat(rejection.problems())
                        .singleElement().satisfies(problem -> {
                            assertThat(problem.path()).isEmpty();
                            assertThat(problem.value()).isNull();
                            assertThat(problem.expected()).contains("the file has no content")
                                    .contains("name, cluster and load");
                        }));
    }

    @Test
    void topLevelThatIsNotAMapIsOneProblem() {
        List<SpecProblem> problems = problemsOf("""
                - name: x
                - cluster: {nodes: 3}
                """);

        assertThat(problems).containsExactly(new SpecProblem("", "[{name: x}, {cluster: {nodes: 3}}]",
                "a map with the fields name, description, cluster, replication, workload, load, faults, checks,"
                        + " capacity, repeat, tomcat, jgroups, balancer"));
    }

    @Test
    void missingFileIsOneProblemNamingTheFile(@TempDir Path directory) {
        Path file = directory.resolve("no-such-scenario.yaml");

        assertThatThrownBy(() -> ScenarioLoader.load(file))
                .isInstanceOfSatisfying(SpecException.class, rejection -> {
                    assertThat(rejection.sourceName()).isEqualTo(file.toString());
                    assertThat(rejection.problems()).singleElement().satisfies(problem -> {
                        assertThat(problem.value()).isNull();
                        assertThat(problem.expected()).contains(file.toAbsolutePath().toString())
                                .contains("no such file");
                    });
                    assertThat(rejection.getMessage()).startsWith(file + ": missing; expected a scenario file at ");
                });
    }

    @Test
    void unreadableFileIsOneProblemNamingTheFile(@TempDir Path directory) throws Exception {
        Path notAFile = Files.createDirectory(directory.resolve("scenario.yaml"));

        assertThatThrownBy(() -> ScenarioLoader.load(notAFile))
                .isInstanceOfSatisfying(SpecException.class, rejection -> assertThat(rejection.problems())
                        .singleElement().satisfies(problem -> {
                            assertThat(problem.value()).isEqualTo(notAFile.toString());
                            assertThat(problem.expected()).startsWith("a readable UTF-8 scenario file (");
                        }));
    }
}
