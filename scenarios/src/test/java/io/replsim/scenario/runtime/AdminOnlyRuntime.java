package io.replsim.scenario.runtime;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * A runtime of named nodes that are always live and do nothing when a fault strikes them: a test gives it the admin
 * API its nodes answer with, and overrides the faults it wants to watch.
 */
public abstract class AdminOnlyRuntime implements ClusterRuntime {
    private final List<String> names;

    protected AdminOnlyRuntime(List<String> names) {
        this.names = List.copyOf(names);
    }

    /** How each node's admin API answers: {@code method path body} in, the response body out. */
    protected abstract String answer(String node, String method, String path, String body) throws java.io.IOException;

    @Override
    public AdminClient admin(String node) {
        return new AdminClient(node, (method, path, body) -> answer(node, method, path, body));
    }

    @Override
    public void start(Duration viewDeadline) {
    }

    @Override
    public List<NodeHandle> nodes() {
        return names.stream().map(name -> new NodeHandle(name, URI.create("http://127.0.0.1:1"))).toList();
    }

    @Override
    public List<NodeHandle> liveNodes() {
        return nodes();
    }

    @Override
    public void kill(String node) {
    }

    @Override
    public void stop(String node) {
    }

    @Override
    public void pause(String node) {
    }

    @Override
    public void resume(String node) {
    }

    @Override
    public void restart(String node) {
    }

    @Override
    public void close() {
    }
}
