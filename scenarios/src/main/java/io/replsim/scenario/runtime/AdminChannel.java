package io.replsim.scenario.runtime;

import java.io.IOException;

/** How the runner reaches one node's admin API; the API itself is the same whatever the runtime. */
public interface AdminChannel {

    /**
     * Sends a request and returns the body of its answer; an answer other than 200 is an {@link IOException}.
     * {@code body} is JSON, or null for none.
     */
    String send(String method, String path, String body) throws IOException, InterruptedException;

    default String get(String path) throws IOException, InterruptedException {
        return send("GET", path, null);
    }
}
