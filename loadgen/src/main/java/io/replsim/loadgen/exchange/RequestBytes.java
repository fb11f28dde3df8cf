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
    private long lastRequestId;
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
     * @param requestId the request's id in the run's history ({@code X-Replsim-Request}), or 0 when none is kept
     */
    byte[] get(String pathAndQuery, String cookie, boolean close, long requestId) {
        if (lastRequest != null && pathAndQuery.equals(lastTarget) && Objects.equals(cookie, lastCookie)
                && close == lastClose && requestId == lastRequestId) {
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
        if (requestId != 0) {
            request.append(RecordedList.REQUEST_HEADER).append(": ").append(requestId).append("\r\n");
        }
        lastTarget = pathAndQuery;
        lastCookie = cookie;
        lastClose = close;
        lastRequestId = requestId;
        lastRequest = request.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1);
        return lastRequest;
    }
}
