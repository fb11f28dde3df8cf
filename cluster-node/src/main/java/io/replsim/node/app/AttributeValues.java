package io.replsim.node.app;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/** Makes and changes profile attribute values of one shape and roughly one serialized size. */
final class AttributeValues {
    /** A graph node (a map of an id, a name and a price) serializes to about this many bytes. */
    private static final int BYTES_PER_GRAPH_NODE = 64;

    private final AttributeShape shape;
    private final int bytes;

    AttributeValues(AttributeShape shape, int bytes) {
        this.shape = shape;
        this.bytes = bytes;
    }

    Serializable fresh() {
        var random = ThreadLocalRandom.current();
        return switch (shape) {
            case BYTES -> {
                byte[] value = new byte[bytes];
                random.nextBytes(value);
                yield value;
            }
            case GRAPH -> {
                int nodes = Math.max(1, bytes / BYTES_PER_GRAPH_NODE);
                var graph = new ArrayList<HashMap<String, Serializable>>(nodes);
                for (int i = 0; i < nodes; i++) {
                    graph.add(node(i, random.nextLong(1_000_000)));
                }
                yield graph;
            }
        };
    }

    /** Changes the value itself, as code that edits what getAttribute returned does. */
    @SuppressWarnings("unchecked")
    void mutate(Serializable value) {
        var random = ThreadLocalRandom.current();
        switch (value) {
            case byte[] array -> array[random.nextInt(array.length)] ^= (byte) (1 + random.nextInt(255));
            case List<?> graph -> {
                var node = (Map<String, Serializable>) graph.get(random.nextInt(graph.size()));
                node.put("price", random.nextLong(1_000_000));
            }
            default -> throw new IllegalStateException("not a profile value: " + value.getClass().getName());
        }
    }

    private static HashMap<String, Serializable> node(int id, long price) {
        var node = new HashMap<String, Serializable>();
        node.put("id", id);
        node.put("name", "item-" + id);
        node.put("price", price);
        return node;
    }
}
