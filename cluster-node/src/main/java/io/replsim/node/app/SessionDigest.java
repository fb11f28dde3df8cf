package io.replsim.node.app;

import io.replsim.replication.session.Session;

import java.io.Serializable;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The digest of a session's whole state in the canonical form of docs/interfaces.md §2 ("The state digest"): SHA-256
 * over every attribute in name order, each as its name then its value, each of those as a type tag, a length and
 * the value's bytes. The load driver computes the same digest from what it wrote, with its own implementation of
 * the same document; both are tested against the document's vectors. The first 16 hex characters are answered.
 */
public final class SessionDigest {
    private static final int HEX_CHARS = 16;

    private SessionDigest() {
    }

    /** The digest of every attribute {@code session} holds, read without marking anything dirty. */
    public static String of(Session session) {
        var attributes = new TreeMap<String, Serializable>();
        for (String name : session.attributeNames()) {
            session.peekAttribute(name).ifPresent(value -> attributes.put(name, value));
        }
        return of(attributes);
    }

    /**
     * The digest of attributes by name, as {@link #of(Session)} takes them from a session (or a snapshot of one). The
     * list of recorded requests ({@link RequestList}) is left out: concurrent requests append to it in an order no
     * driver can foresee, and the history's checker, not the digest, judges it.
     */
    public static String of(Map<String, ? extends Serializable> attributes) {
        MessageDigest sha = sha256();
        var digested = new TreeMap<String, Serializable>(attributes);
        digested.remove(RequestList.ATTRIBUTE);
        digested.forEach((name, value) -> {
            encode(name, sha);
            encode(value, sha);
        });
        return HexFormat.of().formatHex(sha.digest(), 0, HEX_CHARS / 2);
    }

    private static void encode(Object value, MessageDigest sha) {
        switch (value) {
            case byte[] bytes -> item('B', bytes.length, sha).update(bytes);
            case Integer number -> item('I', Integer.BYTES, sha).update(ByteBuffer.allocate(4).putInt(number).array());
            case Long number -> item('J', Long.BYTES, sha).update(ByteBuffer.allocate(8).putLong(number).array());
            case long[] numbers -> {
                ByteBuffer buffer = ByteBuffer.allocate(numbers.length * Long.BYTES);
                for (long number : numbers) {
                    buffer.putLong(number);
                }
                item('K', buffer.capacity(), sha).update(buffer.array());
            }
            case String text -> {
                byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
                item('S', utf8.length, sha).update(utf8);
            }
            case List<?> list -> {
                item('L', length(list), sha);
                list.forEach(element -> encode(element, sha));
            }
            case Map<?, ?> map -> {
                item('M', length(map), sha);
                sorted(map).forEach((key, element) -> {
                    encode(key, sha);
                    encode(element, sha);
                });
            }
            default -> throw new IllegalStateException("the canonical form has no type for "
                    + value.getClass().getName() + "; docs/interfaces.md §2 lists the types a session may hold");
        }
    }

    private static MessageDigest item(char tag, int length, MessageDigest sha) {
        sha.update((byte) tag);
        sha.update(ByteBuffer.allocate(4).putInt(length).array());
        return sha;
    }

    /** The bytes {@link #encode} writes for {@code value}'s content (after its tag and length). */
    private static int length(Object value) {
        return switch (value) {
            case byte[] bytes -> bytes.length;
            case Integer number -> Integer.BYTES;
            case Long number -> Long.BYTES;
            case long[] numbers -> numbers.length * Long.BYTES;
            case String text -> text.getBytes(StandardCharsets.UTF_8).length;
            case List<?> list -> list.stream().mapToInt(element -> 5 + length(element)).sum();
            case Map<?, ?> map -> sorted(map).entrySet().stream()
                    .mapToInt(entry -> 5 + length(entry.getKey()) + 5 + length(entry.getValue())).sum();
            default -> throw new IllegalStateException("the canonical form has no type for "
                    + value.getClass().getName());
        };
    }

    private static TreeMap<String, Object> sorted(Map<?, ?> map) {
        var sorted = new TreeMap<String, Object>();
        map.forEach((key, value) -> {
            if (!(key instanceof String name)) {
                throw new IllegalStateException("the canonical form has String map keys only, got " + key);
            }
            sorted.put(name, value);
        });
        return sorted;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }
}
