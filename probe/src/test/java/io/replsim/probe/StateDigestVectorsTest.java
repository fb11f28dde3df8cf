package io.replsim.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The probe's own reading of the state digest and of its sessions against the document's shared vectors
 * (docs/session-digest-vectors.txt), which the node and the driver are held to as well: the probe shares nothing
 * with them but the document.
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
    void theCanonicalFormOfEveryTypeMatchesTheVectors() {
        assertThat(StateDigest.of(Map.of())).isEqualTo(VECTORS.get("empty"));
        assertThat(StateDigest.of(attributes("serial", 7))).isEqualTo(VECTORS.get("integer"));
        assertThat(StateDigest.of(attributes("payload", DerivedBytes.of("s1", "payload", 0, 20), "serial", 3)))
                .isEqualTo(VECTORS.get("counter"));
        assertThat(StateDigest.of(attributes("n", 9L, "serial", new long[] {5, 6}, "text", "é€")))
                .isEqualTo(VECTORS.get("types"));
        assertThat(StateDigest.of(attributes("added", 1L, "cart", List.of(Map.of("sku", "SKU-1", "quantity", 2,
                "priceCents", 300L, "line", 1L))))).isEqualTo(VECTORS.get("cart-line"));
        assertThat(StateDigest.of(attributes("bean", Map.of("identity", new byte[] {1, 2, 3}, "count", 4L))))
                .isEqualTo(VECTORS.get("bean"));
        assertThat(HexFormat.of().formatHex(DerivedBytes.of("s1", "payload", 0, 20)))
                .isEqualTo(VECTORS.get("derived-bytes"));
    }

    @Test
    void threeSessionRequestsLeaveTheVectorsSession() {
        var session = new MapSession();
        var shape = new ProbeShape(1, 4, 0.5);
        ProbeOutcome last = null;
        for (int request = 1; request <= 3; request++) {
            last = SessionProbe.handle(session, "s1", request == 1, shape, false);
        }
        assertThat(last).isInstanceOfSatisfying(ProbeOutcome.Answered.class, answered -> {
            assertThat(answered.serial()).isEqualTo(3);
            assertThat(answered.digest()).isEqualTo(VECTORS.get("probe-session"));
        });
        session.attributes.put(RequestList.ATTRIBUTE, new long[] {4, 9});
        assertThat(StateDigest.of(session.attributes)).as("the list of recorded requests is left out")
                .isEqualTo(VECTORS.get("probe-session"));
        session.attributes.remove("attr2");
        assertThat(StateDigest.of(session.attributes)).isEqualTo(VECTORS.get("probe-session-dropped"));
    }

    @Test
    void aCounterShapedSessionAndTheBeanMatchTheVectors() {
        var session = new MapSession();
        ProbeOutcome last = null;
        for (int request = 1; request <= 7; request++) {
            last = SessionProbe.handle(session, "s1", request == 1, new ProbeShape(4, 1, 0), false);
        }
        assertThat(((ProbeOutcome.Answered) last).digest()).isEqualTo(VECTORS.get("probe-counter"));

        var beanSession = new MapSession();
        for (int request = 1; request <= 5; request++) {
            last = BeanProbe.handle(beanSession, "s1", request == 1, BeanProbe.Operation.INCREMENT);
        }
        assertThat(((ProbeOutcome.Answered) last).digest()).isEqualTo(VECTORS.get("probe-bean"));
    }
}
