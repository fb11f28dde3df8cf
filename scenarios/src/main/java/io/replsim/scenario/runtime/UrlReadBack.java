package io.replsim.scenario.runtime;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * A node read back from outside, where its process cannot be: whether its URL answers. Any HTTP answer is Up; a
 * refused connection, a reset or no answer within {@link #TIMEOUT} is Down. It cannot tell a frozen node from a dead
 * one, nor one server from another on the same port.
 */
public final class UrlReadBack {
    static final Duration TIMEOUT = Duration.ofSeconds(2);

    private UrlReadBack() {
    }

    public static NodeState state(URI url) throws InterruptedException {
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build()) {
            HttpResponse<Void> answer = http.send(HttpRequest.newBuilder(url).timeout(TIMEOUT).GET().build(),
                    HttpResponse.BodyHandlers.discarding());
            return new NodeState.Up(url.toString(), url + " answered HTTP " + answer.statusCode());
        } catch (IOException e) {
            return new NodeState.Down(url.toString(), url + " did not answer: " + FailureText.of(e));
        }
    }
}
