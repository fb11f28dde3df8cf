package io.replsim.node.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.Headers;

import java.io.UncheckedIOException;

/** Writes records as JSON response bodies; one thread-safe mapper for every handler. */
public final class JsonWriter {
    private final ObjectMapper mapper = new ObjectMapper();

    public void write(HttpServerExchange exchange, int status, Object body) {
        byte[] json;
        try {
            json = mapper.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("cannot write " + body.getClass().getSimpleName() + " as JSON", e);
        }
        exchange.setStatusCode(status);
        exchange.getResponseHeaders().put(Headers.CONTENT_TYPE, "application/json");
        exchange.getResponseSender().send(java.nio.ByteBuffer.wrap(json));
    }

    public byte[] toBytes(Object body) throws JsonProcessingException {
        return mapper.writeValueAsBytes(body);
    }

    /** The body of every error response. */
    public record ErrorBody(String error) {
    }
}
