package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.replication.SessionLock;
import org.junit.jupiter.api.Test;

/**
 * {@code replication.sessionLock}: per-session by default, none where a request stores the whole session it found
 * (session granularity, the jgroups engine), and refused by path where it cannot mean anything.
 */
class SessionLockSpecTest {
    private static final String HEAD = """
            name: lock
            cluster: {nodes: 2}
            load: {users: 10, thinkTime: 1s, duration: 60s}
            """;

    private static SessionLock read(String replication) throws Exception {
        return ScenarioLoader.parse(HEAD + replication, Scenarios.SOURCE).replication().sessionLock();
    }

    @Test
    void perSessionByDefaultAndNoneWhenAsked() throws Exception {
        assertThat(read("")).isEqualTo(SessionLock.PER_SESSION);
        assertThat(read("replication: {sessionLock: none}\n")).isEqualTo(SessionLock.NONE);
        assertThat(read("replication: {sessionLock: per-session}\n")).isEqualTo(SessionLock.PER_SESSION);
    }

    @Test
    void noneIsRefusedWhereARequestWouldNotStoreTheWholeSession() {
        assertThat(problemsOf(HEAD + "replication: {sessionLock: none, granularity: attribute}\n")).singleElement()
                .satisfies(p -> {
                    assertThat(p.path()).isEqualTo("replication.sessionLock");
                    assertThat(p.expected()).startsWith("per-session, or leave it out (not built yet:")
                            .contains("granularity: session");
                });
        assertThat(problemsOf(HEAD + "replication: {sessionLock: none, engine: infinispan}\n"))
                .extracting(SpecProblem::path).containsExactly("replication.sessionLock");
        assertThat(problemsOf(HEAD + "replication: {sessionLock: locked}\n")).singleElement()
                .satisfies(p -> assertThat(p.expected()).contains("per-session, none"));
    }

    @Test
    void tomcatRefusesIt() {
        assertThat(problemsOf("""
                name: lock
                cluster: {nodes: 2, runtime: tomcat}
                load: {users: 10, thinkTime: 1s, duration: 60s}
                replication: {sessionLock: per-session}
                """)).singleElement().satisfies(p -> {
                    assertThat(p.path()).isEqualTo("replication.sessionLock");
                    assertThat(p.expected()).contains("remove sessionLock");
                });
    }
}
