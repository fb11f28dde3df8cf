package io.replsim.probe;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * replsim's state digest (docs/interfaces.md §2, "The state digest"), written here from the document alone: this
 * module depends on nothing of replsim's, so a team can build and deploy it by itself. The first 16 hex characters
 * of SHA-256 over every attribute in name order, each as its name's item and its value's item (a one-byte tag, a
 * 4-byte big-endian length, the content). Held to docs/session-digest-vectors.txt like the node's and the driver's.
 */
final class StateDigest {
    private static final int HEX_CHARS = 16;

    private StateDigest() {
    }

    /**
     * The digest of a session holding {@code attributes}; a value of a type the document has no form for throws. The
     * list of recorded requests ({@link RequestList}) is left out, as the document says: requests on one session
     * append to it in an order no driver can foresee, so the digest the driver recomputes from its model has no such
     * attribute, and the history's checker judges the list instead.
     */
    static String of(Map<String, Object> attributes) {
        MessageDigest sha = sha256();
        var digested = new TreeMap<>(attributes);
        digested.remove(RequestList.ATTRIBUTE);
        digested.forEach((name, value) -> sha.update(attribute(name, value)));
        return HexFormat.of().formatHex(sha.digest(), 0, HEX_CHARS / 2);
    }

    /** The bytes one attribute adds to the digest. */
    static byte[] attribute(String name, Object value) {
        var out = new ByteArrayOutputStream();
        write(name, out);
        write(value, out);
        return out.toByteArray();
    }

    private static void write(Object value, ByteArrayOutputStream out) {
        if (value instanceof byte[] bytes) {
            item('B', bytes, out);
        } else if (value instanceof Integer number) {
            item('I', ByteBuffer.allocate(Integer.BYTES).putInt(number).array(), out);
        } else if (value instanceof Long number) {
            item('J', ByteBuffer.allocate(Long.BYTES).putLong(number).array(), out);
        } else if (value instanceof long[] numbers) {
            ByteBuffer content = ByteBuffer.allocate(numbers.length * Long.BYTES);
            for (long number : numbers) {
                content.putLong(number);
            }
            item('K', content.array(), out);
        } else if (value instanceof String text) {
            item('S', text.getBytes(StandardCharsets.UTF_8), out);
        } else if (value instanceof List<?> list) {
            var content = new ByteArrayOutputStream();
            list.forEach(element -> write(element, content));
            item('L', content.toByteArray(), out);
        } else if (value instanceof Map<?, ?> map) {
            var content = new ByteArrayOutputStream();
            new TreeMap<>(map).forEach((key, element) -> {
                write(key, content);
                write(element, content);
            });
            item('M', content.toByteArray(), out);
        } else if (value instanceof ProbeBean bean) {
            write(bean.asMap(), out);
        } else {
            throw new UnknownAttributeType(value == null ? "null" : value.getClass().getName());
        }
    }

    private static void item(char tag, byte[] content, ByteArrayOutputStream out) {
        out.write(tag);
        out.writeBytes(ByteBuffer.allocate(Integer.BYTES).putInt(content.length).array());
        out.writeBytes(content);
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    /** A session attribute the digest has no canonical form for: the session cannot be judged. */
    static final class UnknownAttributeType extends RuntimeException {
        UnknownAttributeType(String type) {
            super("an attribute of type " + type + ", which the state digest has no form for");
        }
    }
}
