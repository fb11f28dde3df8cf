package io.replsim.scenario.spec;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One key of a matrix and the values it takes, in the order written: the variants take each in turn.
 *
 * @param values each value with the name a variant's label gives it
 */
record MatrixAxis(MatrixKey key, List<Value> values) {

    /**
     * @param name  the value's own text ({@code buddies}, {@code 16KB}) or, for a value written as a map of names
     *              to values, its name there ({@code small})
     * @param named whether it was given a name: a problem with it then names it too
     */
    record Value(String name, JsonNode node, boolean named) {
    }

    MatrixAxis {
        values = List.copyOf(values);
    }
}
