package io.replsim.loadgen.exchange;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * The bytes of the driver's {@code GET}s to one host. The same request again (a user's next request on its own
 * connection) is not rebuilt: one instance per connection, so its last request is that connection's.
 */
final class RequestBytes {

    private final String host;
    private String lastTarget;
    private String lastCookie;
    private boolean lastClose;
    private byte[] lastRequest;

    private RequestBytes(String host) {
        this.host = host;
    }

    /** Requests to {@code base}'s host, whose {@code Host} header names the port only when the URL does. */
    static RequestBytes to(URI base) {
        return new RequestBytes(base.getPort() >= 0 ? base.getHost() + ":" + base.getPort() : base.getHost());
    }

    /**
     * @param cookie the {@code Cookie} header's value, or null
     * @param close  ask the server to close the connection after answering
     */
    byte[] get(String pathAndQuery, String cookie, boolean close) {
        if (lastRequest != null && pathAndQuery.equals(lastTarget) && Objects.equals(cookie, lastCookie)
                && close == lastClose) {
            return lastRequest;
        }
        StringBuilder request = new StringBuilder(160).append("GET ").append(pathAndQuery).append(" HTTP/1.1\r\nHost: ")
                .append(host).append("\r\nAccept: application/json\r\n");
        if (cookie != null) {
            request.append("Cookie: ").append(cookie).append("\r\n");
        }
        if (close) {
            request.append("Connection: close\r\n");
        }
        lastTarget = pathAndQuery;
        lastCookie = cookie;
        lastClose = close;
        lastRequest = request.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        return lastRequest;
    }
}
