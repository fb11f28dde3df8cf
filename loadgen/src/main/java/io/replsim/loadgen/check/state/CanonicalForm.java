package io.replsim.loadgen.check.state;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The canonical bytes of one session attribute, as docs/interfaces.md §2 ("The state digest") defines them: its
 * name, then its value, each as a one-byte type tag, a 4-byte big-endian length and the content. Written from the
 * document, apart from the node's own implementation; both are held to the document's test vectors.
 */
final class CanonicalForm {

    private CanonicalForm() {
    }

    /** The bytes one attribute adds to the session's digest. */
    static byte[] attribute(String name, Object value) {
        var out = new ByteArrayOutputStream();
        write(name, out);
        write(value, out);
        return out.toByteArray();
    }

    private static void write(Object value, ByteArrayOutputStream out) {
        switch (value) {
            case byte[] bytes -> item('B', bytes, out);
            case Integer number -> item('I', ByteBuffer.allocate(Integer.BYTES).putInt(number).array(), out);
            case Long number -> item('J', ByteBuffer.allocate(Long.BYTES).putLong(number).array(), out);
            case long[] numbers -> {
                ByteBuffer content = ByteBuffer.allocate(numbers.length * Long.BYTES);
                for (long number : numbers) {
                    content.putLong(number);
                }
                item('K', content.array(), out);
            }
            case String text -> item('S', text.getBytes(StandardCharsets.UTF_8), out);
            case List<?> list -> {
                var content = new ByteArrayOutputStream();
                list.forEach(element -> write(element, content));
                item('L', content.toByteArray(), out);
            }
            case Map<?, ?> map -> {
                var content = new ByteArrayOutputStream();
                new TreeMap<>(map).forEach((key, element) -> {
                    write(key, content);
                    write(element, content);
                });
                item('M', content.toByteArray(), out);
            }
            default -> throw new IllegalArgumentException("no canonical form for a " + value.getClass().getName());
        }
    }

    private static void item(char tag, byte[] content, ByteArrayOutputStream out) {
        out.write(tag);
        out.writeBytes(ByteBuffer.allocate(Integer.BYTES).putInt(content.length).array());
        out.writeBytes(content);
    }
}
