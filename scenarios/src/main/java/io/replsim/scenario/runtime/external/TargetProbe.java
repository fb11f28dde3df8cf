package io.replsim.scenario.runtime.external;

import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.scenario.runtime.FailureText;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Asks every target once for the app's path before a drill: a wrong port or a server that is not running then
 * stops the drill at once with the URL, instead of a whole run of refused requests. Any HTTP answer will do; what
 * it says is the verifier's business.
 */
final class TargetProbe {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    private TargetProbe() {
    }

    /** One line per target that did not answer; empty when all did. */
    static List<String> unanswered(ExternalTarget target) throws InterruptedException {
        List<String> problems = new ArrayList<>();
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build()) {
            for (NodeEndpoint node : target.nodes()) {
                var request = HttpRequest.newBuilder(node.resolve(target.path())).timeout(TIMEOUT).GET().build();
                try {
                    http.send(request, HttpResponse.BodyHandlers.discarding());
                } catch (IOException e) {
                    problems.add(node.name() + "=" + node.baseUri() + " did not answer GET " + target.path() + ": "
                            + FailureText.of(e));
                }
            }
        }
        return problems;
    }
}
