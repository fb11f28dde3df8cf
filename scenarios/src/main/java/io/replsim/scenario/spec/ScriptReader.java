package io.replsim.scenario.spec;

import com.fasterxml.jackson.databind.JsonNode;
import io.replsim.loadgen.script.RequestType;
import io.replsim.loadgen.script.WeightedRequest;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;

/**
 * Reads {@code load.script}: the user script, a list of {@code {request: <type>, weight: <whole number>}}, each type
 * at most once. Every bad item is reported with its path, e.g. {@code load.script[1].weight}.
 */
final class ScriptReader {

    static final String EXPECTED = "a list of request types with weights, such as "
            + "[{request: counter, weight: 6}, {request: cart, weight: 3}, {request: read, weight: 1}]";
    static final List<String> ITEM_FIELDS = List.of("request", "weight");
    private static final int MAX_WEIGHT = 1_000;

    private ScriptReader() {
    }

    /** The script, empty when the load has none; when any item is wrong it is reported and the script is empty. */
    static Optional<List<WeightedRequest>> read(MapReader load) {
        Optional<List<JsonNode>> items = load.list("script", EXPECTED)
                .must(list -> !list.isEmpty(), EXPECTED + " (at least one)")
                .optional();
        if (items.isEmpty()) {
            return Optional.empty();
        }
        List<WeightedRequest> script = new ArrayList<>();
        EnumSet<RequestType> seen = EnumSet.noneOf(RequestType.class);
        boolean complete = true;
        for (int index = 0; index < items.get().size(); index++) {
            String path = load.pathOf("script") + "[" + index + "]";
            Optional<MapReader> item = load.itemMap(items.get().get(index), path, ITEM_FIELDS);
            if (item.isEmpty()) {
                complete = false;
                continue;
            }
            Optional<RequestType> request = item.get().choice("request", RequestType.class, "a request type")
                    .must(seen::add, "a request type not listed before in load.script (add the weights up instead)")
                    .required();
            Optional<Long> weight = item.get().wholeNumber("weight", 1, MAX_WEIGHT).required();
            if (request.isEmpty() || weight.isEmpty()) {
                complete = false;
                continue;
            }
            script.add(new WeightedRequest(request.get(), weight.get().intValue()));
        }
        return complete ? Optional.of(script) : Optional.empty();
    }
}
