package io.replsim.replication;

import io.replsim.settings.Labelled;

import java.io.Serializable;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Set;

/**
 * What marks an attribute dirty (JBoss AS 5's replication-trigger). Only a dirty attribute, or a session with one,
 * is replicated, so an application that changes a value it read without calling setAttribute again is replicated
 * only under the triggers that assume it might.
 */
public enum ReplicationTrigger implements Labelled {
    /** Only setAttribute and removeAttribute: the cheapest, and wrong for code that mutates what it read. */
    SET,
    /** Also reading a mutable value (not a String, boxed primitive or other immutable): JBoss's default. */
    SET_AND_NON_PRIMITIVE_GET,
    /** Every read marks the attribute dirty: always safe, always replicating. */
    SET_AND_GET;

    /** Immutable types: reading one cannot lead to a change the session does not see. */
    private static final Set<Class<?>> IMMUTABLE = Set.of(String.class, Boolean.class, Character.class, Byte.class,
            Short.class, Integer.class, Long.class, Float.class, Double.class, BigInteger.class, BigDecimal.class);

    public boolean readMarksDirty(Serializable value) {
        return switch (this) {
            case SET -> false;
            case SET_AND_NON_PRIMITIVE_GET -> !(IMMUTABLE.contains(value.getClass()) || value instanceof Enum<?>);
            case SET_AND_GET -> true;
        };
    }
}
