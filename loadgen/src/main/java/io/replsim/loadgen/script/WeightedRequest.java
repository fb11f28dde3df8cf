package io.replsim.loadgen.script;

import java.util.Objects;

/** One line of a user script: a request type and its weight, the share of requests it gets being weight / total. */
public record WeightedRequest(RequestType request, int weight) {

    public WeightedRequest {
        Objects.requireNonNull(request, "request");
        if (weight < 1) {
            throw new IllegalArgumentException("weight of " + request.label() + ": got " + weight
                    + ", expected a whole number of at least 1");
        }
    }
}
