package io.replsim.node.app;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a profile attribute looks like to serialization: one byte array (cheap to marshal per byte) or a graph of
 * small objects (a list of maps, as carts and user profiles are), whose marshalling cost is per object.
 */
public enum AttributeShape {
    BYTES,
    GRAPH;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static AttributeShape parse(String text) {
        return Arrays.stream(values()).filter(shape -> shape.label().equalsIgnoreCase(text.trim())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown shape \"" + text + "\"; expected one of: "
                        + Arrays.stream(values()).map(AttributeShape::label).collect(Collectors.joining(", "))));
    }
}
