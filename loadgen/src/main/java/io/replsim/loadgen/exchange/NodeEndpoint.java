package io.replsim.loadgen.exchange;

import java.net.URI;
import java.util.Objects;

/**
 * A node the driver may send requests to.
 *
 * @param name    the node's route, as it appears after the first dot of its session cookies ({@code id.node2})
 *                and in {@code X-Replsim-Node}; no dots, since the route is everything after the first dot
 * @param baseUri the node's HTTP root, e.g. {@code http://127.0.0.1:18081}; the profile's path is appended
 */
public record NodeEndpoint(String name, URI baseUri) {

    public NodeEndpoint {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(baseUri, "baseUri");
        if (name.isBlank() || name.contains(".")) {
            throw new IllegalArgumentException("node name: got '" + name + "', expected a non-blank route without dots");
        }
        if (!baseUri.isAbsolute() || !("http".equals(baseUri.getScheme()) || "https".equals(baseUri.getScheme()))) {
            throw new IllegalArgumentException("node " + name + " baseUri: got '" + baseUri
                    + "', expected an absolute http(s) URI such as http://127.0.0.1:18081");
        }
    }

    /** The request URI for {@code path} on this node. */
    public URI resolve(String path) {
        String base = baseUri.toString();
        while (base.endsWith("/")) {
            base = base.substring(0, base.length() - 1);
        }
        return URI.create(base + path);
    }
}
