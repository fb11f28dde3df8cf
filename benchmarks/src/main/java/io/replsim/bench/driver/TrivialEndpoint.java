package io.replsim.bench.driver;

import io.undertow.Undertow;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;
import org.xnio.Options;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The same trivial endpoint for every load tool: Undertow on 127.0.0.1 answering {@code GET /counter} at once
 * from its I/O threads with the counter's JSON (one global serial, no session state), so what is measured is the
 * tool, not an application. Run by {@link EndpointProcess} in a JVM of its own, so the tool being measured does
 * not share its process (its heap, its JIT, its open-file limit) with the endpoint: wrk never does.
 *
 * <p>{@code main} prints {@link #READY} and the URL on one line, then serves until its standard input ends, so it
 * also ends when the benchmark that started it dies.
 */
final class TrivialEndpoint implements AutoCloseable {

    static final String READY = "endpoint ready at ";
    private static final HttpString NODE = HttpString.tryFromString("X-Replsim-Node");

    private final AtomicLong serial = new AtomicLong();
    private final String node;
    private final Undertow server;
    private final int port;

    TrivialEndpoint(int ioThreads, String node) {
        this.node = node;
        server = Undertow.builder()
                .addHttpListener(0, "127.0.0.1")
                .setIoThreads(ioThreads)
                // thousands of users connect during the ramp-up: a short accept queue drops their SYNs (the
                // kernel caps this at net.core.somaxconn)
                .setSocketOption(Options.BACKLOG, 16_384)
                .setHandler(exchange -> {
                    String body = "{\"session\":\"bench\",\"serial\":" + serial.incrementAndGet()
                            + ",\"node\":\"" + node + "\",\"digest\":\"0123456789abcdef\",\"created\":false}";
                    exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
                    exchange.getResponseHeaders().put(NODE, node);
                    exchange.getResponseSender().send(ByteBuffer.wrap(body.getBytes(StandardCharsets.US_ASCII)));
                })
                .build();
        server.start();
        port = ((InetSocketAddress) server.getListenerInfo().getFirst().getAddress()).getPort();
    }

    String url() {
        return "http://127.0.0.1:" + port;
    }

    @Override
    public void close() {
        server.stop();
    }

    /** Usage: {@code TrivialEndpoint <ioThreads> [node=node1]}; stops when standard input ends. */
    public static void main(String[] args) throws IOException {
        int ioThreads = Integer.parseInt(args[0]);
        try (TrivialEndpoint endpoint = new TrivialEndpoint(ioThreads, args.length > 1 ? args[1] : "node1")) {
            System.out.println(READY + endpoint.url());
            System.out.flush();
            while (System.in.read() >= 0) {
                // anything written to us is ignored: only the end of the stream matters
            }
        }
        System.exit(0);
    }
}
