package io.replsim.probe;

import java.util.HashMap;
import java.util.Map;

/** A session held in a map, as a server holds one: what the probe's pages are tested on without a server. */
final class MapSession implements SessionView {
    final Map<String, Object> attributes = new HashMap<>();
    int writes;

    @Override
    public Map<String, Object> attributes() {
        return new HashMap<>(attributes);
    }

    @Override
    public Object get(String name) {
        return attributes.get(name);
    }

    @Override
    public void set(String name, Object value) {
        writes++;
        attributes.put(name, value);
    }
}
