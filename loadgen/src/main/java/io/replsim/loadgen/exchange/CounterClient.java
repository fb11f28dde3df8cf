package io.replsim.loadgen.exchange;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.loadgen.ErrorKind;
import io.replsim.loadgen.NodeEndpoint;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Sends the counter app's {@code GET} to a node and turns whatever happens into an {@link Exchange}. One shared
 * HTTP/1.1 client with keep-alive for all users; cookies are passed by hand, since every user is its own browser
 * with its own session and a shared cookie jar would merge them.
 */
public final class CounterClient implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(CounterClient.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration SHUTDOWN_WAIT = Duration.ofSeconds(5);

    private final String defaultPath;
    /** Request URIs by node name, then path: made once, since parsing one per request costs the driver CPU. */
    private final Map<String, Map<String, URI>> uris;
    private final Duration requestTimeout;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpClient http;

    public CounterClient(List<NodeEndpoint> nodes, String path, Duration requestTimeout) {
        this(nodes, path, List.of(), requestTimeout);
    }

    /** A client for {@code path} and the {@code otherPaths} a user script sends to as well. */
    public CounterClient(List<NodeEndpoint> nodes, String path, List<String> otherPaths, Duration requestTimeout) {
        this.defaultPath = path;
        List<String> paths = Stream.concat(Stream.of(path), otherPaths.stream())
                .distinct().toList();
        this.uris = nodes.stream().collect(Collectors.toUnmodifiableMap(NodeEndpoint::name, node -> paths.stream()
                .collect(Collectors.toUnmodifiableMap(p -> p, node::resolve))));
        this.requestTimeout = requestTimeout;
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(requestTimeout)
                .followRedirects(HttpClient.Redirect.NEVER)
                .executor(executor)
                .build();
    }

    /** One attempt; blocks the calling (virtual) thread until the answer, a failure or the request timeout. */
    public Exchange get(NodeEndpoint node, Optional<SessionCookie> cookie) throws InterruptedException {
        return get(node, defaultPath, cookie);
    }

    /** One attempt at {@code path}, one of the paths the client was made for. */
    public Exchange get(NodeEndpoint node, String path, Optional<SessionCookie> cookie) throws InterruptedException {
        URI uri = uris.get(node.name()).get(path);
        if (uri == null) {
            throw new IllegalArgumentException("path " + path + " was not given when the client was made");
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(requestTimeout).GET();
        cookie.ifPresent(c -> request.header("Cookie", c.requestHeader()));
        HttpResponse<byte[]> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            return new Exchange.Failed(System.currentTimeMillis(), kindOf(e), String.valueOf(e));
        }
        long atMs = System.currentTimeMillis();
        Optional<SessionCookie> setCookie = SessionCookie.fromSetCookie(response.headers().allValues("Set-Cookie"));
        Optional<String> nodeHeader = response.headers().firstValue("X-Replsim-Node");
        if (response.statusCode() != 200) {
            return new Exchange.Answered(atMs, response.statusCode(), nodeHeader.orElse(node.name()),
                    Optional.empty(), setCookie);
        }
        CounterReply reply;
        try {
            reply = JSON.readValue(response.body(), CounterReply.class);
        } catch (IOException e) {
            return new Exchange.Failed(atMs, ErrorKind.IO, "unreadable counter reply from " + node.name() + ": " + e);
        }
        if (!reply.complete()) {
            return new Exchange.Failed(atMs, ErrorKind.IO, "incomplete counter reply from " + node.name() + ": " + reply);
        }
        String servedBy = nodeHeader.orElse(reply.node() != null ? reply.node() : node.name());
        return new Exchange.Answered(atMs, 200, servedBy, Optional.of(reply), setCookie);
    }

    /**
     * A connect timeout and a refused connection both mean the request never reached a server, so they are safe
     * to retry elsewhere; any other timeout or I/O failure happened after the request may have been processed.
     */
    static ErrorKind kindOf(IOException failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof HttpConnectTimeoutException || t instanceof ConnectException) {
                return ErrorKind.CONNECT;
            }
        }
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof HttpTimeoutException) {
                return ErrorKind.TIMEOUT;
            }
        }
        return ErrorKind.IO;
    }

    @Override
    public void close() {
        http.shutdownNow();
        try {
            if (!http.awaitTermination(SHUTDOWN_WAIT)) {
                LOG.warn("the HTTP client did not stop within {}", SHUTDOWN_WAIT);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            executor.shutdownNow();
        }
    }
}
