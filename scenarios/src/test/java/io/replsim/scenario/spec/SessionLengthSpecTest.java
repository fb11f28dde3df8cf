package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.pathsOf;
import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code load.sessionLength}, how long users keep a session before they end it and start another, and
 * {@code cluster.fullGcEvery}, the forced collections a long run reads its heap trend from.
 */
class SessionLengthSpecTest {

    private static final String HEAD = """
            name: x
            cluster: {nodes: 1}
            load:
              users: 10
              thinkTime: 1s
              duration: 60s
            """;

    @Test
    void aSessionLengthReachesTheDriverAndSurvivesACapacityStep() throws SpecException {
        LoadSpec load = ScenarioLoader.parse(HEAD + "  sessionLength: 1m\n", Scenarios.SOURCE).load();

        assertThat(load.profile().sessionLength()).contains(Duration.ofMinutes(1));
        assertThat(load.toProfile("/counter").sessionLength()).contains(Duration.ofMinutes(1));
        assertThat(load.withUsers(40).profile().sessionLength()).contains(Duration.ofMinutes(1));
    }

    @Test
    void withoutOneUsersKeepTheirSessionsAllRun() throws SpecException {
        assertThat(ScenarioLoader.parse(HEAD, Scenarios.SOURCE).load().toProfile("/counter").sessionLength()).isEmpty();
    }

    @Test
    void aZeroOrUnreadableLengthAndOneUnderTheOpenModelAreReported() {
        assertThat(problemsOf(HEAD + "  sessionLength: 0s\n")).singleElement().satisfies(problem -> {
            assertThat(problem.path()).isEqualTo("load.sessionLength");
            assertThat(problem.expected()).contains("above 0s");
        });
        assertThat(pathsOf(problemsOf(HEAD + "  sessionLength: soon\n"))).containsExactly("load.sessionLength");
        assertThat(pathsOf(problemsOf("""
                name: x
                cluster: {nodes: 1}
                load: {model: open, rate: 10, duration: 20s, sessionLength: 5s}
                """))).containsExactly("load.sessionLength");
    }

    @Test
    void forcedFullCollectionsAreOffUnlessTheClusterAsksAndNotMoreOftenThanEveryTenSeconds() throws SpecException {
        assertThat(ScenarioLoader.parse(HEAD, Scenarios.SOURCE).cluster().fullGcEvery()).isEmpty();
        String every = HEAD.replace("cluster: {nodes: 1}", "cluster: {nodes: 1, fullGcEvery: 1m}");
        assertThat(ScenarioLoader.parse(every, Scenarios.SOURCE).cluster().fullGcEvery()).contains(Duration.ofMinutes(1));
        assertThat(pathsOf(problemsOf(HEAD.replace("cluster: {nodes: 1}", "cluster: {nodes: 1, fullGcEvery: 2s}"))))
                .containsExactly("cluster.fullGcEvery");
    }
}
