package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.pathsOf;
import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.profile.UserCarrierKind;
import io.replsim.loadgen.exchange.ConnectionMode;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.UserScript;
import io.replsim.loadgen.script.WeightedRequest;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code load.script}: the weighted request types users draw from, validated item by item. */
class LoadScriptSpecTest {

    private static final String HEAD = """
            name: x
            cluster: {nodes: 1}
            load:
              users: 10
              thinkTime: 1s
              duration: 60s
            """;

    @Test
    void aScriptReachesTheDriverInItsOrderWithItsWeights() throws SpecException {
        LoadSpec load = ScenarioLoader.parse(HEAD + """
                  script: [{request: counter, weight: 6}, {request: cart, weight: 3}, {request: read, weight: 1}]
                """, Scenarios.SOURCE).load();
        List<WeightedRequest> expected = List.of(new WeightedRequest(RequestType.COUNTER, 6),
                new WeightedRequest(RequestType.CART, 3), new WeightedRequest(RequestType.READ, 1));
        assertThat(load.script()).isEqualTo(expected);
        assertThat(load.toProfile("/counter").script()).contains(new UserScript(expected));
        assertThat(load.withUsers(50).script()).isEqualTo(expected);
    }

    @Test
    void withoutAScriptEveryRequestGoesToTheWorkloadsAppAsBefore() throws SpecException {
        LoadSpec load = ScenarioLoader.parse(HEAD, Scenarios.SOURCE).load();
        assertThat(load.script()).isEmpty();
        assertThat(load.toProfile("/cart").script()).isEqualTo(Optional.empty());
        assertThat(load.toProfile("/cart").path()).isEqualTo("/cart");
    }

    @Test
    void eachBadItemIsReportedAtItsOwnPath() {
        List<SpecProblem> problems = problemsOf(HEAD + """
                  script:
                    - {request: basket, weight: 2}
                    - {request: cart, weight: 0}
                    - {request: counter}
                    - {request: counter, weight: 1, colour: red}
                    - cart
                """);
        assertThat(problems).contains(
                new SpecProblem("load.script[0].request", "basket",
                        "a request type, one of: counter, cart, profile, bean, read, counter-read, cart-read,"
                                + " profile-read"),
                new SpecProblem("load.script[1].weight", "0", "a whole number from 1 to 1000"),
                new SpecProblem("load.script[2].weight", null, "a whole number from 1 to 1000"));
        assertThat(pathsOf(problems)).contains("load.script[3].colour", "load.script[4]");
    }

    @Test
    void aTypeListedTwiceIsReported() {
        assertThat(problemsOf(HEAD + """
                  script: [{request: cart, weight: 1}, {request: cart, weight: 2}]
                """)).containsExactly(new SpecProblem("load.script[1].request", "cart",
                "a request type not listed before in load.script (add the weights up instead)"));
    }

    @Test
    void theConnectionModeReachesTheDriverAndIsASharedPoolUnlessStated() throws SpecException {
        assertThat(ScenarioLoader.parse(HEAD, Scenarios.SOURCE).load().toProfile("/counter").connections())
                .isEqualTo(ConnectionMode.SHARED_POOL);
        LoadSpec load = ScenarioLoader.parse(HEAD + "  connections: per-request\n", Scenarios.SOURCE).load();
        assertThat(load.toProfile("/counter").connections()).isEqualTo(ConnectionMode.PER_REQUEST);
        assertThat(load.withUsers(3).profile().connections()).isEqualTo(ConnectionMode.PER_REQUEST);
        assertThat(problemsOf(HEAD + "  connections: keep-alive\n")).containsExactly(new SpecProblem(
                "load.connections", "keep-alive",
                "a connection mode, one of: shared-pool, per-user, per-request"));
    }

    @Test
    void theUserRuntimeReachesTheDriverAndIsTheEventLoopUnlessStated() throws SpecException {
        assertThat(ScenarioLoader.parse(HEAD, Scenarios.SOURCE).load().toProfile("/counter").runtime())
                .isEqualTo(UserCarrierKind.EVENT_LOOP);
        LoadSpec load = ScenarioLoader.parse(HEAD + "  runtime: virtual-threads\n", Scenarios.SOURCE).load();
        assertThat(load.toProfile("/counter").runtime()).isEqualTo(UserCarrierKind.VIRTUAL_THREADS);
        assertThat(load.withUsers(3).profile().runtime()).isEqualTo(UserCarrierKind.VIRTUAL_THREADS);
        assertThat(problemsOf(HEAD + "  runtime: reactor\n")).containsExactly(new SpecProblem(
                "load.runtime", "reactor", "a user runtime, one of: virtual-threads, event-loop"));
    }

    @Test
    void anEmptyScriptOrOneThatIsNotAListIsReported() {
        assertThat(pathsOf(problemsOf(HEAD + "  script: []\n"))).containsExactly("load.script");
        assertThat(pathsOf(problemsOf(HEAD + "  script: counter\n"))).containsExactly("load.script");
    }
}
