package io.replsim.node.app;

import java.io.Serializable;
import java.util.HashMap;
import java.util.concurrent.ThreadLocalRandom;

/** The SFSB the bean app serves: a count with an identity, incremented by one method and read by another. */
final class CounterBean implements StatefulBean {
    private static final String COUNT = "count";
    private static final String IDENTITY = "identity";

    private final HashMap<String, Serializable> state;
    private boolean modified;

    private CounterBean(HashMap<String, Serializable> state, boolean modified) {
        this.state = state;
        this.modified = modified;
    }

    static CounterBean create() {
        byte[] identity = new byte[32];
        ThreadLocalRandom.current().nextBytes(identity);
        var state = new HashMap<String, Serializable>();
        state.put(IDENTITY, identity);
        state.put(COUNT, 0L);
        return new CounterBean(state, true);
    }

    /** The bean as its last replicated state left it, for the next invocation on whichever node holds it. */
    @SuppressWarnings("unchecked")
    static CounterBean restore(Serializable state) {
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

    byte[] identity() {
        return (byte[]) state.get(IDENTITY);
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
