package io.replsim.scenario.spec;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a scenario file's {@code matrix:} block into its axes, reporting every problem with the matrix's own shape:
 * what a value means is left to the scenario's readers, which read each variant as a file of its own.
 */
final class MatrixReader {

    /** Past this, a comparison's rounds run for hours: split the question instead. */
    static final int MAX_VARIANTS = 32;
    static final String FIELD = "matrix";

    private static final String EXPECTED_MATRIX = "a map of a field's path to the values it takes, such as"
            + " {replication.placement: [all, buddies], workload.profile.attributeSize: [2KB, 16KB]}";
    private static final String EXPECTED_VALUES = "a list of the values the field takes, such as [all, buddies],"
            + " or a map naming each, such as {small: {attributes: 4}, large: {attributes: 32}}";
    private static final String EXPECTED_ITEM = "a single value such as buddies or 16KB; to set several fields"
            + " together, name the values: a map such as {small: {attributes: 4, attributeSize: 800B}}";

    private MatrixReader() {
    }

    /** The axes, in the order written; empty with the problems added when the matrix cannot be expanded. */
    static List<MatrixAxis> read(JsonNode matrix, JsonNode root, Problems problems) {
        if (!matrix.isObject() || matrix.isEmpty()) {
            problems.add(FIELD, WrittenValue.of(matrix), EXPECTED_MATRIX);
            return List.of();
        }
        int before = problems.list().size();
        List<MatrixAxis> axes = new ArrayList<>();
        for (Map.Entry<String, JsonNode> entry : matrix.properties()) {
            String where = FIELD + ": " + entry.getKey();
            var key = MatrixKey.parse(entry.getKey());
            if (key.isEmpty()) {
                problems.add(where, entry.getKey(), MatrixKey.EXPECTED);
                continue;
            }
            if (key.get().segments().getFirst().equals("name")) {
                problems.add(where, entry.getKey(), "a field other than name: each variant is named after the"
                        + " file's name and its values");
                continue;
            }
            key.get().unreachableIn(root).ifPresent(why -> problems.add(where, entry.getKey(), why));
            for (MatrixAxis other : axes) {
                if (other.key().covers(key.get()) || key.get().covers(other.key())) {
                    problems.add(where, entry.getKey(), "a field apart from " + other.key().path()
                            + ": one key of a matrix must not set what another sets");
                }
            }
            values(entry.getValue(), where, problems).ifPresent(values -> axes.add(new MatrixAxis(key.get(), values)));
        }
        long variants = axes.stream().mapToLong(axis -> axis.values().size()).reduce(1, (a, b) -> a * b);
        if (variants > MAX_VARIANTS) {
            problems.add(FIELD, variants + " variants", "at most " + MAX_VARIANTS + " variants (the product of"
                    + " each key's number of values): compare fewer values, or split the question into files");
        }
        return problems.list().size() == before ? axes : List.of();
    }

    private static Optional<List<MatrixAxis.Value>> values(JsonNode node, String where,
                                                                     Problems problems) {
        List<MatrixAxis.Value> values = new ArrayList<>();
        if (node.isArray() && !node.isEmpty()) {
            for (JsonNode item : node) {
                if (!item.isValueNode() || item.isNull()) {
                    problems.add(where, WrittenValue.of(item), EXPECTED_ITEM);
                    return Optional.empty();
                }
                values.add(new MatrixAxis.Value(item.asText(), item, false));
            }
        } else if (node.isObject() && !node.isEmpty()) {
            node.properties().forEach(named -> values.add(new MatrixAxis.Value(named.getKey(), named.getValue(),
                    true)));
        } else {
            problems.add(where, WrittenValue.of(node), EXPECTED_VALUES);
            return Optional.empty();
        }
        Set<String> seen = new HashSet<>();
        for (MatrixAxis.Value value : values) {
            if (!seen.add(value.name())) {
                problems.add(where, WrittenValue.of(node), "each value once: " + value.name() + " is written twice");
                return Optional.empty();
            }
        }
        return Optional.of(values);
    }
}
