package io.replsim.loadgen.exchange;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The request targets ({@code /path?query}) of every node and path a client was made for: made once, since
 * building one per request costs the driver CPU.
 */
final class RequestTargets {

    private final String defaultPath;
    /** By node name, then path. */
    private final Map<String, Map<String, String>> targets;

    RequestTargets(List<NodeEndpoint> nodes, String path, List<String> otherPaths) {
        this.defaultPath = path;
        List<String> paths = Stream.concat(Stream.of(path), otherPaths.stream()).distinct().toList();
        this.targets = nodes.stream().collect(Collectors.toUnmodifiableMap(NodeEndpoint::name, node -> paths.stream()
                .collect(Collectors.toUnmodifiableMap(p -> p, p -> requestTarget(node.resolve(p))))));
    }

    private static String requestTarget(URI uri) {
        String target = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return uri.getRawQuery() == null ? target : target + "?" + uri.getRawQuery();
    }

    /** The path a request goes to when none is named. */
    String defaultPath() {
        return defaultPath;
    }

    /** The target of {@code path} on {@code node}; both must be among those the client was made for. */
    String of(NodeEndpoint node, String path) {
        Map<String, String> byPath = targets.get(node.name());
        if (byPath == null) {
            throw new IllegalArgumentException("node " + node.name() + " was not given when the client was made");
        }
        String target = byPath.get(path);
        if (target == null) {
            throw new IllegalArgumentException("path " + path + " was not given when the client was made");
        }
        return target;
    }
}
