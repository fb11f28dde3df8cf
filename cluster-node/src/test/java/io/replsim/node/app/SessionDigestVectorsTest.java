package io.replsim.node.app;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The node's canonical form and derived content against the document's shared test vectors
 * (docs/session-digest-vectors.txt), which the load driver's own implementation is held to as well.
 */
class SessionDigestVectorsTest {
    private static final Map<String, String> VECTORS = new HashMap<>();

    @BeforeAll
    static void readVectors() throws IOException {
        for (String line : Files.readAllLines(Path.of("..", "docs", "session-digest-vectors.txt"))) {
            if (!line.isBlank() && !line.startsWith("#")) {
                String[] parts = line.trim().split("\\s+");
                VECTORS.put(parts[0], parts[1]);
            }
        }
    }

    private static HashMap<String, Serializable> map(Object... namesAndValues) {
        var map = new HashMap<String, Serializable>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            map.put((String) namesAndValues[i], (Serializable) namesAndValues[i + 1]);
        }
        return map;
    }

    @Test
    void digestsOfEveryTypeMatchTheVectors() {
        assertThat(SessionDigest.of(Map.of())).isEqualTo(VECTORS.get("empty"));
        assertThat(SessionDigest.of(map("serial", 7))).isEqualTo(VECTORS.get("integer"));
        assertThat(SessionDigest.of(map("payload", DerivedRandom.bytes("s1", "payload", 0, 20), "serial", 3)))
                .isEqualTo(VECTORS.get("counter"));
        assertThat(SessionDigest.of(map("n", 9L, "serial", new long[] {5, 6}, "text", "é€")))
                .isEqualTo(VECTORS.get("types"));
        var cart = new ArrayList<HashMap<String, Serializable>>(List.of(map("sku", "SKU-1", "quantity", 2,
                "priceCents", 300L, "line", 1L)));
        assertThat(SessionDigest.of(map("added", 1L, "cart", cart))).isEqualTo(VECTORS.get("cart-line"));
        assertThat(SessionDigest.of(map("bean", map("identity", new byte[] {1, 2, 3}, "count", 4L))))
                .isEqualTo(VECTORS.get("bean"));
    }

    @Test
    void derivedContentMatchesTheVectors() {
        assertThat(HexFormat.of().formatHex(DerivedRandom.bytes("s1", "payload", 0, 20)))
                .isEqualTo(VECTORS.get("derived-bytes"));
        var random = new DerivedRandom("s1", "line", 3);
        assertThat(random.below(100_000) + "," + random.below(5) + "," + random.below(100_000))
                .isEqualTo(VECTORS.get("derived-below"));
    }

    @Test
    void aValueChangedInPlaceIsTheFreshValueOfThatSerial() {
        for (AttributeShape shape : AttributeShape.values()) {
            var values = new AttributeValues(shape, 300);
            Serializable value = values.fresh("s1", "attr2", 1);
            values.mutate(value, "s1", "attr2", 7);
            assertThat(SessionDigest.of(map("attr2", value))).as(shape.label())
                    .isEqualTo(SessionDigest.of(map("attr2", values.fresh("s1", "attr2", 7))))
                    .isNotEqualTo(SessionDigest.of(map("attr2", values.fresh("s1", "attr2", 1))));
        }
    }
}
