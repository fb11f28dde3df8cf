package io.replsim.bench.driver;

import io.undertow.Undertow;
import io.undertow.util.Headers;
import io.undertow.util.HttpString;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The same trivial endpoint for every load tool: Undertow on 127.0.0.1 answering {@code GET /counter} at once
 * from its I/O threads with the counter's JSON (one global serial, no session state), so what is measured is the
 * tool, not an application.
 */
final class TrivialEndpoint implements AutoCloseable {

    private static final HttpString NODE = HttpString.tryFromString("X-Replsim-Node");

    private final AtomicLong serial = new AtomicLong();
    private final Undertow server;
    private final int port;

    TrivialEndpoint(int ioThreads) {
        server = Undertow.builder()
                .addHttpListener(0, "127.0.0.1")
                .setIoThreads(ioThreads)
                .setHandler(exchange -> {
                    String body = "{\"session\":\"bench\",\"serial\":" + serial.incrementAndGet()
                            + ",\"node\":\"node1\",\"digest\":\"0123456789abcdef\",\"created\":false}";
                    exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
                    exchange.getResponseHeaders().put(NODE, "node1");
                    exchange.getResponseSender().send(ByteBuffer.wrap(body.getBytes(StandardCharsets.US_ASCII)));
                })
                .build();
        server.start();
        port = ((java.net.InetSocketAddress) server.getListenerInfo().getFirst().getAddress()).getPort();
    }

    String url() {
        return "http://127.0.0.1:" + port;
    }

    @Override
    public void close() {
        server.stop();
    }
}
