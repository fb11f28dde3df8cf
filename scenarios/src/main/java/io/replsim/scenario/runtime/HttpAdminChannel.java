package io.replsim.scenario.runtime;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** The admin API of a node on this machine's loopback, with the run's token. */
public final class HttpAdminChannel implements AdminChannel {
    /** A read (health, stats) polled while the load runs: a node that cannot answer in 2 s is paused or dying. */
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(2);
    /**
     * A command (a fault, a heal, a collection): a node that is alive but starved of CPU answers late, and a fault
     * given up on is a run that did not play its scenario (INVALID). A clean check of {@code .ci/run} at load 37 had
     * a partition's discard time out at 2 s.
     */
    private static final Duration COMMAND_TIMEOUT = Duration.ofSeconds(10);

    private final URI base;
    private final String token;
    private final HttpClient http;

    public HttpAdminChannel(URI base, String token, HttpClient http) {
        this.base = base;
        this.token = token;
        this.http = http;
    }

    @Override
    public String send(String method, String path, String body) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path))
                .timeout(method.equals("GET") ? READ_TIMEOUT : COMMAND_TIMEOUT)
                .header("Authorization", "Bearer " + token)
                .header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body))
                .build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException(method + " " + base + path + " answered " + response.statusCode() + ": "
                    + response.body());
        }
        return response.body();
    }
}
