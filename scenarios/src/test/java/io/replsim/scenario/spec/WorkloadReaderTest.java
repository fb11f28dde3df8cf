package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.node.app.AttributeShape;
import io.replsim.node.app.LogoutCookie;
import io.replsim.node.app.ServiceTime;
import io.replsim.node.app.SessionProfile;
import io.replsim.replication.GranularityKind;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationTrigger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The workload section's profile app, and the replication fields that decide what of its sessions travels. */
class WorkloadReaderTest {

    private static ScenarioSpec load(String workload, String replication) throws SpecException {
        return ScenarioLoader.parse("""
                name: x
                cluster: {nodes: 3}
                replication: %s
                workload: %s
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """.formatted(replication, workload), Scenarios.SOURCE);
    }

    @Test
    void theProfileAppTakesItsSessionShapeOrItsDefaults() throws Exception {
        assertThat(load("{app: profile}", "{}").workload().profile()).isEqualTo(SessionProfile.DEFAULT);

        var spec = load("{app: profile, profile: {attributes: 20, attributeSize: 2KB, shape: graph,"
                + " modifiedShare: 0.1, mutateInPlace: true}}", "{granularity: attribute, trigger: set,"
                + " maxUnreplicatedInterval: 0s}");

        assertThat(spec.workload().app()).isEqualTo(App.PROFILE);
        assertThat(spec.workload().app().path()).isEqualTo("/profile");
        assertThat(spec.workload().profile()).isEqualTo(new SessionProfile(20, 2048, AttributeShape.GRAPH, 0.1, true));
        assertThat(spec.replication().granularity()).isEqualTo(GranularityKind.ATTRIBUTE);
        assertThat(spec.replication().trigger()).isEqualTo(ReplicationTrigger.SET);
        assertThat(spec.replication().maxUnreplicatedInterval()).isEqualTo(Duration.ZERO);
    }

    @Test
    void badProfileFieldsAndAProfileForTheCounterAreReported() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 3}
                replication: {trigger: always, maxUnreplicatedInterval: 60}
                workload: {app: profile, profile: {attributes: 0, shape: tree, modifiedShare: 2, mutateInPlace: maybe}}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);
        List<SpecProblem> counter = problemsOf("""
                name: x
                cluster: {nodes: 3}
                workload: {app: counter, profile: {attributes: 3}}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);

        assertThat(problems).containsExactly(
                new SpecProblem("replication.trigger", "always",
                        "a trigger, one of: set, set-and-non-primitive-get, set-and-get"),
                new SpecProblem("replication.maxUnreplicatedInterval", "60",
                        "a duration with a unit (ms, s, m or h), such as 500ms, 20s or 1m"),
                new SpecProblem("workload.profile.attributes", "0", "a whole number from 1 to 10000"),
                new SpecProblem("workload.profile.shape", "tree", "a shape, one of: bytes, graph"),
                new SpecProblem("workload.profile.modifiedShare", "2", "a share from 0 to 1, such as 0.2"),
                new SpecProblem("workload.profile.mutateInPlace", "maybe", "a boolean, one of: true, false"));
        assertThat(counter).containsExactly(
                new SpecProblem("workload.profile", "{attributes: 3}", "no profile unless app is profile"));
    }

    @Test
    void theServiceTimeIsNoneByDefaultAndTakesItsCpuAndWait() throws Exception {
        assertThat(load("{app: counter}", "{}").workload().serviceTime()).isEqualTo(ServiceTime.NONE);
        assertThat(load("{app: cart, serviceTime: {cpu: 2ms, wait: 10ms}}", "{}").workload().serviceTime())
                .isEqualTo(new ServiceTime(Duration.ofMillis(2), Duration.ofMillis(10)));
        assertThat(load("{app: counter, serviceTime: {wait: 1.5s}}", "{}").workload().serviceTime())
                .isEqualTo(new ServiceTime(Duration.ZERO, Duration.ofMillis(1500)));
    }

    @Test
    void badServiceTimesAreReportedAtTheirFieldPaths() {
        List<SpecProblem> problems = problemsOf("""
                name: x
                cluster: {nodes: 3}
                workload: {app: counter, serviceTime: {cpu: 2, wait: 11s, disk: 3ms}}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);
        List<SpecProblem> notAMap = problemsOf("""
                name: x
                cluster: {nodes: 3}
                workload: {app: counter, serviceTime: 10ms}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);

        assertThat(problems).extracting(SpecProblem::path).containsExactlyInAnyOrder("workload.serviceTime.disk",
                "workload.serviceTime.cpu", "workload.serviceTime.wait");
        assertThat(problems).filteredOn(problem -> problem.path().equals("workload.serviceTime.wait"))
                .singleElement().isEqualTo(new SpecProblem("workload.serviceTime.wait", "11s",
                        "a duration from 0ms to 10s, such as 10ms"));
        assertThat(notAMap).singleElement().satisfies(problem -> {
            assertThat(problem.path()).isEqualTo("workload.serviceTime");
            assertThat(problem.expected()).contains("cpu, wait");
        });
    }

    @Test
    void aLogoutExpiresTheCookieUnlessTheWorkloadKeepsIt() throws Exception {
        assertThat(load("{app: counter}", "{}").workload().logoutCookie()).isEqualTo(LogoutCookie.EXPIRE);
        assertThat(load("{app: cart, logoutCookie: keep}", "{}").workload().logoutCookie())
                .isEqualTo(LogoutCookie.KEEP);
        assertThat(load("{logoutCookie: expire}", "{}").workload().logoutCookie()).isEqualTo(LogoutCookie.EXPIRE);
    }

    @Test
    void aLogoutCookieThatIsNeitherAndOneOnTomcatAreRefusedAtTheField() {
        List<SpecProblem> drop = problemsOf("""
                name: x
                cluster: {nodes: 3}
                workload: {logoutCookie: drop}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);
        List<SpecProblem> tomcat = problemsOf("""
                name: x
                cluster: {nodes: 3, runtime: tomcat}
                workload: {logoutCookie: keep}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);

        assertThat(drop).containsExactly(new SpecProblem("workload.logoutCookie", "drop",
                "what a logout does with the session cookie, one of: expire, keep"));
        assertThat(tomcat).filteredOn(problem -> problem.path().equals("workload.logoutCookie")).first()
                .satisfies(problem -> assertThat(problem.expected()).contains("Servlet invalidate() alone")
                        .contains("remove logoutCookie"));
    }

    @Test
    void theNonePlacementTakesNoBuddiesAndNeitherTomcatNorInfinispanTakeIt() {
        List<SpecProblem> buddies = problemsOf("""
                name: x
                cluster: {nodes: 3}
                replication: {placement: none, buddies: 1}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);
        List<SpecProblem> infinispan = problemsOf("""
                name: x
                cluster: {nodes: 3}
                replication: {placement: none, engine: infinispan}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);
        List<SpecProblem> tomcat = problemsOf("""
                name: x
                cluster: {nodes: 3, runtime: tomcat}
                replication: {placement: none}
                workload: {serviceTime: {cpu: 1ms}}
                load: {users: 10, thinkTime: 1s, duration: 10s}
                """);

        assertThat(buddies).extracting(SpecProblem::path).containsExactly("replication.buddies");
        assertThat(infinispan).singleElement().satisfies(problem -> {
            assertThat(problem.path()).isEqualTo("replication.placement");
            assertThat(problem.expected()).contains("use engine: jgroups");
        });
        assertThat(tomcat).extracting(SpecProblem::path)
                .contains("replication.placement", "workload.serviceTime");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"async-buddies.yaml", "sfsb.yaml", "infinispan.yaml"})
    void theEngineScenariosLoad(String file) throws Exception {
        ScenarioSpec spec = ScenarioLoader.load(Path.of(file));

        assertThat(spec.name()).isEqualTo(file.replace(".yaml", ""));
        assertThat(spec.faults()).hasSize(1);
    }

    @Test
    void theBaselineAndReadMostlyScenariosLoadWithTheirKnobs() throws Exception {
        ScenarioSpec baseline = ScenarioLoader.load(Path.of("baseline-none.yaml"));
        ScenarioSpec readMostly = ScenarioLoader.load(Path.of("read-mostly.yaml"));

        assertThat(baseline.replication().placement()).isEqualTo(new Placement.None());
        assertThat(baseline.workload().serviceTime())
                .isEqualTo(new ServiceTime(Duration.ofMillis(2), Duration.ofMillis(10)));
        assertThat(baseline.expectations()).singleElement().satisfies(expect -> assertThat(expect.expect())
                .contains(new FaultExpectation.LostExactlyUnreplicated()));
        assertThat(readMostly.load().script()).extracting(line -> line.request().label())
                .containsExactly("profile", "profile-read");
    }

    @Test
    void theProfileBugScenarioLoads() throws Exception {
        ScenarioSpec spec = ScenarioLoader.load(Path.of("profile-bug.yaml"));

        assertThat(spec.workload().profile().mutateInPlace()).isTrue();
        assertThat(spec.replication().granularity()).isEqualTo(GranularityKind.ATTRIBUTE);
    }
}
