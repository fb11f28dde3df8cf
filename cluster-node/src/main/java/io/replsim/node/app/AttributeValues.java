package io.replsim.node.app;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Makes and changes profile attribute values of one shape and roughly one serialized size. A value's content is
 * derived from the session id, the attribute's name and the serial that wrote it (docs/interfaces.md §2b), so the
 * driver can compute it; a change in place leaves the value exactly as a fresh one of that serial would be.
 */
final class AttributeValues {
    /** A graph node (a map of an id, a name and a price) serializes to about this many bytes. */
    private static final int BYTES_PER_GRAPH_NODE = 64;
    private static final long PRICES = 1_000_000;

    private final AttributeShape shape;
    private final int bytes;

    AttributeValues(AttributeShape shape, int bytes) {
        this.shape = shape;
        this.bytes = bytes;
    }

    Serializable fresh(String session, String name, long serial) {
        return switch (shape) {
            case BYTES -> DerivedRandom.bytes(session, name, serial, bytes);
            case GRAPH -> {
                var random = new DerivedRandom(session, name, serial);
                int nodes = Math.max(1, bytes / BYTES_PER_GRAPH_NODE);
                var graph = new ArrayList<HashMap<String, Serializable>>(nodes);
                for (int i = 0; i < nodes; i++) {
                    graph.add(node(i, random.below(PRICES)));
                }
                yield graph;
            }
        };
    }

    /**
     * Changes the value itself, as code that edits what getAttribute returned does: the bytes are overwritten, each
     * graph node gets its new price. A value of another shape or size is left alone (the state digest shows it).
     */
    @SuppressWarnings("unchecked")
    void mutate(Serializable value, String session, String name, long serial) {
        switch (value) {
            case byte[] array when array.length == bytes -> new DerivedRandom(session, name, serial).fill(array);
            case List<?> graph -> {
                var random = new DerivedRandom(session, name, serial);
                for (Object node : graph) {
                    ((Map<String, Serializable>) node).put("price", random.below(PRICES));
                }
            }
            default -> { }
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
