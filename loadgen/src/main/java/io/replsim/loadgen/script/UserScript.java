package io.replsim.loadgen.script;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.random.RandomGenerator;

/**
 * A user's mix of request types: before each request a user draws the next type with probability weight / total
 * from its own random stream, so the mix is independent from user to user and the same for the same seed.
 */
public record UserScript(List<WeightedRequest> requests) {

    public UserScript {
        requests = List.copyOf(Objects.requireNonNull(requests, "requests"));
        if (requests.isEmpty()) {
            throw new IllegalArgumentException("a user script needs at least one request type");
        }
        EnumSet<RequestType> seen = EnumSet.noneOf(RequestType.class);
        for (WeightedRequest line : requests) {
            if (!seen.add(line.request())) {
                throw new IllegalArgumentException("request " + line.request().label()
                        + " is listed twice; give it one line with the weights added");
            }
        }
    }

    public static UserScript of(WeightedRequest... requests) {
        return new UserScript(List.of(requests));
    }

    /** The next request type, drawn by weight. */
    public RequestType draw(RandomGenerator random) {
        int ticket = random.nextInt(totalWeight());
        for (WeightedRequest line : requests) {
            ticket -= line.weight();
            if (ticket < 0) {
                return line.request();
            }
        }
        throw new AssertionError("weights changed under the draw");
    }

    public int totalWeight() {
        int total = 0;
        for (WeightedRequest line : requests) {
            total += line.weight();
        }
        return total;
    }

    /** The types in the script's order. */
    public List<RequestType> types() {
        List<RequestType> types = new ArrayList<>(requests.size());
        requests.forEach(line -> types.add(line.request()));
        return types;
    }

    /** The distinct request paths, for the client to prepare. */
    public List<String> paths() {
        return types().stream().map(RequestType::path).distinct().toList();
    }

    /** e.g. {@code counter 6, cart 3, read 1}. */
    public String describe() {
        StringBuilder text = new StringBuilder();
        for (WeightedRequest line : requests) {
            if (!text.isEmpty()) {
                text.append(", ");
            }
            text.append(line.request().label()).append(' ').append(line.weight());
        }
        return text.toString();
    }
}
