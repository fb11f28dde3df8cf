package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * {@code load.tabs}: request loops per user on its one session. It reaches the driver, and is refused where tabs
 * cannot work: the open model, a script, a session length, a load without the history that alone judges their
 * session, and the checks and fault expectations that count the serial oracle's verdicts, which does not judge them.
 */
class TabsSpecTest {

    private static final String HEAD = """
            name: x
            cluster: {nodes: 1}
            """;
    private static final String TABS_LOAD = "load: {users: 2, thinkTime: 1s, duration: 10s, history: true, tabs: 3}\n";

    @Test
    void tabsReachTheDriverAndSurviveACapacityStep() throws SpecException {
        LoadSpec load = ScenarioLoader.parse(HEAD + TABS_LOAD, Scenarios.SOURCE).load();

        assertThat(load.toProfile("/counter").tabs()).isEqualTo(3);
        assertThat(load.withUsers(40).withSteadyWindow(Duration.ofSeconds(30)).profile().tabs()).isEqualTo(3);
        assertThat(ScenarioLoader.parse(HEAD + "load: {users: 2, thinkTime: 1s, duration: 10s}\n", Scenarios.SOURCE)
                .load().profile().tabs()).isEqualTo(1);
    }

    @Test
    void tabsFromOneToSixteenOnly() {
        assertThat(problemsOf(HEAD + TABS_LOAD.replace("tabs: 3", "tabs: 0")))
                .containsExactly(new SpecProblem("load.tabs", "0", "a whole number from 1 to 16"));
    }

    @Test
    void tabsNeedTheHistory() {
        assertThat(problemsOf(HEAD + TABS_LOAD.replace("history: true, ", ""))).containsExactly(new SpecProblem(
                "load.tabs", "3", "1, or add history: true to load: the users' serial oracle judges one request at a"
                + " time and cannot order the overlapping requests of 3 tabs, so only the history's checker judges"
                + " their session"));
    }

    @Test
    void tabsShareOneSessionAllRun() {
        assertThat(problemsOf(HEAD + TABS_LOAD.replace("tabs: 3", "tabs: 3, sessionLength: 5s")))
                .containsExactly(new SpecProblem("load.tabs", "3", "1, or leave load.sessionLength out (not built"
                        + " yet: tabs share the user's one session all run, and a visit's logout in one tab would"
                        + " end it under the others)"));
        assertThat(problemsOf(HEAD + "load: {users: 2, thinkTime: 1s, duration: 10s, history: true, tabs: 2,"
                + " script: [{request: counter, weight: 1}]}\n"))
                .containsExactly(new SpecProblem("load.tabs", "2", "1, or leave load.script out (not built yet: tabs"
                        + " share the user's one session of the workload's app, and a script's requests go to a"
                        + " session per app)"));
    }

    @Test
    void anOpenLoadRefusesTabs() {
        assertThat(problemsOf(HEAD + "load: {model: open, rate: 10, duration: 10s, tabs: 2}\n"))
                .containsExactly(new SpecProblem("load.tabs", "2", "no tabs with load.model open (not built yet: each"
                        + " of its sessions serves one arrival at a time); use the closed model, or leave load.tabs"
                        + " out"));
    }

    @Test
    void theSerialOraclesChecksAreRefusedWithTabs() throws SpecException {
        assertThat(problemsOf(HEAD + TABS_LOAD + "checks: {maxSessionsLost: 0, maxSessionsStale: 0}\n"))
                .extracting(SpecProblem::path)
                .containsExactly("checks.maxSessionsLost", "checks.maxSessionsStale");
        assertThat(problemsOf(HEAD + TABS_LOAD + "checks: {maxSessionsLost: 0}\n")).singleElement()
                .satisfies(problem -> assertThat(problem.expected()).startsWith("no maxSessionsLost with load.tabs 3:"
                        + " it counts the verdicts of the users' serial oracle").contains("use checks.maxAnomalies"));
        assertThat(problemsOf(HEAD.replace("nodes: 1", "nodes: 3") + TABS_LOAD + """
                faults:
                  - {type: kill, at: 5s, target: node1, expect: {maxLost: 0, maxStale: 0, maxFailover: 5s}}
                  - {type: kill, at: 6s, target: node2, expect: {lost: owner-and-backups-dead}}
                """)).extracting(SpecProblem::path).containsExactly("faults[0].expect.maxLost",
                "faults[0].expect.maxStale", "faults[1].expect.lost");
        assertThat(ScenarioLoader.parse(HEAD + TABS_LOAD.replace("tabs: 3", "tabs: 1")
                + "checks: {maxSessionsLost: 0}\n", Scenarios.SOURCE).checks())
                .containsExactly(new Check.MaxSessionsLost(0));
    }
}
