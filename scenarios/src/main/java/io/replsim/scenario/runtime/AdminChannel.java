package io.replsim.scenario.runtime;

import java.io.IOException;

/** How the runner reaches one node's admin API; the API itself is the same whatever the runtime. */
public interface AdminChannel {

    /** The body of a {@code GET} of {@code path}; an answer other than 200 is an {@link IOException}. */
    String get(String path) throws IOException, InterruptedException;
}
