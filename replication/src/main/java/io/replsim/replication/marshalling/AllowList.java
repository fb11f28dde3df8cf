package io.replsim.replication.marshalling;

import java.io.ObjectInputFilter;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The classes an attribute value that travels as a Java serialization stream may contain: JDK value types sessions
 * need, plus what an application adds. replsim's own records are not on it: they travel field by field
 * ({@code RecordCodec}), so a Java serialization stream naming one is refused like any other class. Exact classes
 * only, never "anything assignable to", so an allowed type's subclass cannot smuggle a gadget in.
 */
public final class AllowList {
    /**
     * {@code List.of}/{@code Map.copyOf} collections travel as the proxy {@code java.util.CollSer}, and the filter
     * then sees the JDK-internal immutable class it resolves to. Both are final value classes of the JDK.
     */
    private static final String IMMUTABLE_COLLECTION_PROXY = "java.util.CollSer";
    private static final String IMMUTABLE_COLLECTIONS_PREFIX = "java.util.ImmutableCollections$";

    private final Set<Class<?>> classes;
    private final Set<String> jdkProxyNames;

    private AllowList(Set<Class<?>> classes, Set<String> jdkProxyNames) {
        this.classes = Set.copyOf(classes);
        this.jdkProxyNames = Set.copyOf(jdkProxyNames);
    }

    public static AllowList standard() {
        return new AllowList(Set.of(
                // values
                String.class, Boolean.class, Character.class, Number.class, Byte.class, Short.class, Integer.class,
                Long.class, Float.class, Double.class, BigInteger.class, BigDecimal.class, Enum.class,
                // collections sessions commonly hold
                HashMap.class, LinkedHashMap.class, TreeMap.class, ArrayList.class, LinkedList.class, HashSet.class,
                LinkedHashSet.class, TreeSet.class,
                // HashMap and HashSet size their table through a Map.Entry[] check while reading
                Map.Entry.class),
                Set.of(IMMUTABLE_COLLECTION_PROXY));
    }

    /** A copy that also allows the given classes: for applications whose sessions hold their own value types. */
    public AllowList with(Class<?>... more) {
        var all = new HashSet<>(classes);
        all.addAll(Set.of(more));
        return new AllowList(all, jdkProxyNames);
    }

    /**
     * A filter with this list and these limits for a whole process ({@code ObjectInputFilter.Config}); the
     * marshaller makes its own per message so that it can name what it refused.
     */
    public ObjectInputFilter filter(DeserializationLimits limits) {
        return new AllowListFilter(this, limits);
    }

    public boolean allows(Class<?> type) {
        Objects.requireNonNull(type, "type");
        if (type.isArray()) {
            Class<?> component = type.getComponentType();
            // Object[] only ever carries elements, and each element is checked on its own.
            return component.isPrimitive() || component == Object.class || allows(component);
        }
        return classes.contains(type) || jdkProxyNames.contains(type.getName())
                || (type.getName().startsWith(IMMUTABLE_COLLECTIONS_PREFIX) && type.getClassLoader() == null);
    }
}
