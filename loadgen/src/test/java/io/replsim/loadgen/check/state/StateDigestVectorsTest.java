package io.replsim.loadgen.check.state;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The driver's canonical form and derived content against the document's shared test vectors
 * (docs/session-digest-vectors.txt), which the node's own implementation is held to as well.
 */
class StateDigestVectorsTest {
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

    private static Map<String, Object> attributes(Object... namesAndValues) {
        var attributes = new LinkedHashMap<String, Object>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            attributes.put((String) namesAndValues[i], namesAndValues[i + 1]);
        }
        return attributes;
    }

    @Test
    void digestsOfEveryTypeMatchTheVectors() {
        assertThat(ExpectedState.digestOf(Map.of())).isEqualTo(VECTORS.get("empty"));
        assertThat(ExpectedState.digestOf(attributes("serial", 7))).isEqualTo(VECTORS.get("integer"));
        assertThat(ExpectedState.digestOf(attributes("payload", DerivedRandom.bytes("s1", "payload", 0, 20),
                "serial", 3))).isEqualTo(VECTORS.get("counter"));
        assertThat(ExpectedState.digestOf(attributes("n", 9L, "serial", new long[] {5, 6}, "text", "é€")))
                .isEqualTo(VECTORS.get("types"));
        assertThat(ExpectedState.digestOf(attributes("added", 1L, "cart", List.of(Map.of("sku", "SKU-1",
                "quantity", 2, "priceCents", 300L, "line", 1L))))).isEqualTo(VECTORS.get("cart-line"));
        assertThat(ExpectedState.digestOf(attributes("bean", Map.of("identity", new byte[] {1, 2, 3}, "count", 4L))))
                .isEqualTo(VECTORS.get("bean"));
    }

    @Test
    void derivedContentMatchesTheVectors() {
        assertThat(java.util.HexFormat.of().formatHex(DerivedRandom.bytes("s1", "payload", 0, 20)))
                .isEqualTo(VECTORS.get("derived-bytes"));
        var random = new DerivedRandom("s1", "line", 3);
        assertThat(random.below(100_000) + "," + random.below(5) + "," + random.below(100_000))
                .isEqualTo(VECTORS.get("derived-below"));
    }

    @Test
    void theCounterModelIsThePayloadAndTheSerial() {
        assertThat(new ExpectedState(new CounterState(20)).digestAt("s1", 3)).isEqualTo(VECTORS.get("counter"));
    }

    @Test
    void theModelOfEachAppChangesWithEverySerialAndEverySession() {
        List<AppState> apps = List.of(new CounterState(64), new CartState(), new BeanState(),
                new ProfileState(4, 100, ProfileState.ValueShape.BYTES, 0.5),
                new ProfileState(3, 200, ProfileState.ValueShape.GRAPH, 0.34));
        for (AppState app : apps) {
            var state = new ExpectedState(app);
            assertThat(state.digestAt("s1", 2)).as(app.toString()).isNotEqualTo(state.digestAt("s1", 3))
                    .isNotEqualTo(state.digestAt("s2", 2));
            assertThat(state.digestAt("s1", 2)).as("cached the same as made afresh")
                    .isEqualTo(new ExpectedState(app).digestAt("s1", 2));
        }
    }

    @Test
    void aProfileRequestWritesTheNextAttributesInTurn() {
        var profile = new ProfileState(4, 8, ProfileState.ValueShape.BYTES, 0.5);
        // request 3 writes (3·2 + 0) mod 4 = 2 and 3; request 2 wrote 0 and 1; serial 1 made them all
        Map<String, Long> versions = new HashMap<>();
        profile.at("s1", 3).forEach(written -> versions.put(written.name(), written.version()));
        assertThat(versions).containsEntry("attr0", 2L).containsEntry("attr1", 2L).containsEntry("attr2", 3L)
                .containsEntry("attr3", 3L).containsEntry("serial", 3L).containsEntry("identity", 0L);
        versions.clear();
        profile.at("s1", 1).forEach(written -> versions.put(written.name(), written.version()));
        assertThat(versions).containsEntry("attr0", 1L).containsEntry("attr3", 1L);
    }
}
