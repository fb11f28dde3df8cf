package io.replsim.node.admin;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.node.web.JsonWriter;
import io.replsim.settings.Choices;
import io.undertow.server.HttpServerExchange;
import io.undertow.util.StatusCodes;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * The admin API's fault endpoints (docs/interfaces.md §3): a runner cuts this node off from named members, slows
 * its messages or has the connections it answers reset, and heals each with a DELETE. Behind the same token check
 * as the rest of the admin API.
 */
final class FaultEndpoints {
    static final String FAULTS = "/admin/faults";
    static final String DISCARD = "/admin/faults/discard";
    static final String DELAY = "/admin/faults/delay";
    static final String LOSS = "/admin/faults/loss";
    static final String RESET = "/admin/faults/reset";
    static final String DAMAGE_REPLICAS = "/admin/faults/damage-replicas";

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);

    private final NetworkFaults faults;
    private final AnswerResets resets;
    private final ReplicaDamage damage;
    private final JsonWriter json;

    FaultEndpoints(NetworkFaults faults, AnswerResets resets, ReplicaDamage damage, JsonWriter json) {
        this.faults = faults;
        this.resets = resets;
        this.damage = damage;
        this.json = json;
    }

    void state(HttpServerExchange exchange) {
        json.write(exchange, StatusCodes.OK, faults.state());
    }

    /** {@code {"from": ["node2", "node3"]}}: drop every message from those members. */
    void discard(HttpServerExchange exchange) {
        try {
            DiscardRequest request = JSON.readValue(exchange.getInputStream(), DiscardRequest.class);
            if (request.from() == null) {
                throw new IllegalArgumentException("expected {\"from\": [member names]}");
            }
            json.write(exchange, StatusCodes.OK, faults.discardFrom(Set.copyOf(request.from())));
        } catch (Exception e) {
            badRequest(exchange, e);
        }
    }

    void stopDiscarding(HttpServerExchange exchange) {
        json.write(exchange, StatusCodes.OK, faults.stopDiscarding());
    }

    /** {@code {"from": "node1", "probability": 0.3}}: drop that share of the messages from that member. */
    void loss(HttpServerExchange exchange) {
        try {
            LossRequest request = JSON.readValue(exchange.getInputStream(), LossRequest.class);
            if (request.from() == null) {
                throw new IllegalArgumentException("expected {\"from\": member name, \"probability\": 0.3}");
            }
            json.write(exchange, StatusCodes.OK, faults.loseFrom(request.from(), request.probability()));
        } catch (Exception e) {
            badRequest(exchange, e);
        }
    }

    void stopLosing(HttpServerExchange exchange) {
        json.write(exchange, StatusCodes.OK, faults.stopLosing());
    }

    /** {@code {"delayMs": 200}}: every message this node sends waits that long. */
    void delay(HttpServerExchange exchange) {
        try {
            DelayRequest request = JSON.readValue(exchange.getInputStream(), DelayRequest.class);
            json.write(exchange, StatusCodes.OK, faults.delayOutgoing(Duration.ofMillis(request.delayMs())));
        } catch (Exception e) {
            badRequest(exchange, e);
        }
    }

    void stopDelaying(HttpServerExchange exchange) {
        json.write(exchange, StatusCodes.OK, faults.stopDelaying());
    }

    /** Whether the application listener resets the connections it answers, and how many it reset. */
    void resets(HttpServerExchange exchange) {
        json.write(exchange, StatusCodes.OK, resets.state());
    }

    /** No body: from now on each request is processed and its connection reset instead of answered. */
    void reset(HttpServerExchange exchange) {
        json.write(exchange, StatusCodes.OK, resets.resetAnswered());
    }

    void stopResetting(HttpServerExchange exchange) {
        json.write(exchange, StatusCodes.OK, resets.stopResetting());
    }

    /** {@code {"attribute": "payload", "how": "flip"}}: damages that attribute in every backup copy held here. */
    void damageReplicas(HttpServerExchange exchange) {
        try {
            DamageRequest request = JSON.readValue(exchange.getInputStream(), DamageRequest.class);
            if (request.attribute() == null || request.how() == null) {
                throw new IllegalArgumentException("expected {\"attribute\": name, \"how\": \"flip\" or \"remove\"}");
            }
            ReplicaDamage.How how = Choices.of(ReplicaDamage.How.class).parse(request.how(), "how");
            json.write(exchange, StatusCodes.OK, damage.damage(request.attribute(), how));
        } catch (Exception e) {
            badRequest(exchange, e);
        }
    }

    private void badRequest(HttpServerExchange exchange, Exception e) {
        String reason = e instanceof IOException ? "unreadable JSON body: " + e.getMessage() : e.getMessage();
        json.write(exchange, StatusCodes.BAD_REQUEST, new JsonWriter.ErrorBody(reason));
    }

    record DiscardRequest(List<String> from) {
    }

    record DelayRequest(long delayMs) {
    }

    record LossRequest(String from, double probability) {
    }

    record DamageRequest(String attribute, String how) {
    }
}
