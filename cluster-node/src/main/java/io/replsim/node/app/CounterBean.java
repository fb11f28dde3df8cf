package io.replsim.node.app;

import java.io.Serializable;
import java.util.HashMap;

/**
 * The SFSB the bean app serves: a count with an identity (derived from the bean's id, so the driver knows it),
 * incremented by one method and read by another.
 */
final class CounterBean implements StatefulBean {
    static final String COUNT = "count";
    static final String IDENTITY = "identity";
    private static final int IDENTITY_BYTES = 32;

    private final HashMap<String, Serializable> state;
    private boolean modified;

    private CounterBean(HashMap<String, Serializable> state, boolean modified) {
        this.state = state;
        this.modified = modified;
    }

    static CounterBean create(String id) {
        var state = new HashMap<String, Serializable>();
        state.put(IDENTITY, DerivedRandom.bytes(id, IDENTITY, 0, IDENTITY_BYTES));
        state.put(COUNT, 0L);
        return new CounterBean(state, true);
    }

    /**
     * The bean as its last replicated state left it, for the next invocation on whichever node holds it; null
     * when that state is not a bean's (a count and an identity).
     */
    @SuppressWarnings("unchecked")
    static CounterBean restore(HashMap<?, ?> state) {
        if (!(state.get(COUNT) instanceof Long) || !(state.get(IDENTITY) instanceof byte[])) {
            return null;
        }
        return new CounterBean(new HashMap<>((HashMap<String, Serializable>) state), false);
    }

    long increment() {
        modified = true;
        long count = count() + 1;
        state.put(COUNT, count);
        return count;
    }

    long peek() {
        return count();
    }

    private long count() {
        return (Long) state.get(COUNT);
    }

    @Override
    public HashMap<String, Serializable> state() {
        return new HashMap<>(state);
    }

    @Override
    public boolean isModified() {
        return modified;
    }
}
