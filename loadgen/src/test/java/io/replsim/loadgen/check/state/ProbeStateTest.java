package io.replsim.loadgen.check.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.replsim.loadgen.check.ExpectedSession;
import io.replsim.loadgen.check.Verdict;
import io.replsim.loadgen.check.CounterReply;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The driver's model of the probe app's sessions (docs/interfaces.md §2e) against the shared vectors, which the
 * probe itself is held to in its own module (the two share no code), and the verdicts it gives: a session whose
 * replica lost an attribute is CORRUPT.
 */
class ProbeStateTest {
    private static final Map<String, String> VECTORS = new HashMap<>();
    private static final String PATH = "/replsim-probe/session?kb=1&attrs=4&share=0.5";

    @BeforeAll
    static void readVectors() throws IOException {
        for (String line : Files.readAllLines(Path.of("..", "docs", "session-digest-vectors.txt"))) {
            if (!line.isBlank() && !line.startsWith("#")) {
                String[] parts = line.trim().split("\\s+");
                VECTORS.put(parts[0], parts[1]);
            }
        }
    }

    @Test
    void theModelOfEachProbePageMatchesTheVectors() {
        assertThat(new ExpectedState(new ProbeState(1, 4, 0.5)).digestAt("s1", 3))
                .isEqualTo(VECTORS.get("probe-session"));
        assertThat(new ExpectedState(new ProbeState(4, 1, 0)).digestAt("s1", 7))
                .isEqualTo(VECTORS.get("probe-counter"));
        assertThat(new ExpectedState(new BeanState()).digestAt("s1", 5)).isEqualTo(VECTORS.get("probe-bean"));
    }

    @Test
    void thePathCarriesTheModel() {
        assertThat(ProbePath.model(PATH)).contains(new ProbeState(1, 4, 0.5));
        assertThat(ProbePath.model("/replsim-probe/session")).contains(ProbePath.DEFAULT);
        assertThat(ProbePath.model("/replsim-probe/bean")).contains(new BeanState());
        assertThat(ProbePath.model("/replsim-probe/session?readonly")).as("a read builds nothing").isEmpty();
        assertThat(ProbePath.model("/replsim-probe/bean?op=peek")).isEmpty();
        assertThat(ProbePath.model("/counter")).isEmpty();
        assertThat(ProbePath.session(1, 4, 0.5)).isEqualTo(PATH);
        assertThatThrownBy(() -> ProbePath.model("/replsim-probe/session?kb=x"))
                .hasMessageContaining("path: got '/replsim-probe/session?kb=x'");
    }

    @Test
    void aDroppedAttributeWithACurrentSerialIsCorrupt() {
        ExpectedSession session = ExpectedSession.ofProbe(PATH).orElseThrow();
        var model = new ExpectedState(new ProbeState(1, 4, 0.5));
        assertThat(session.judge(reply(1, model.digestAt("s1", 1)))).isEqualTo(Verdict.OK);
        assertThat(session.judge(reply(2, model.digestAt("s1", 2)))).isEqualTo(Verdict.OK);
        assertThat(session.judge(reply(3, VECTORS.get("probe-session-dropped")))).isEqualTo(Verdict.CORRUPT);
        assertThat(session.sessionVerdicts().corrupt()).isEqualTo(1);

        ExpectedSession intact = ExpectedSession.ofProbe(PATH).orElseThrow();
        intact.judge(reply(1, model.digestAt("s1", 1)));
        intact.judge(reply(2, model.digestAt("s1", 2)));
        assertThat(intact.judge(reply(3, VECTORS.get("probe-session")))).isEqualTo(Verdict.OK);
        assertThat(ExpectedSession.ofProbe("/counter")).isEqualTo(Optional.empty());
    }

    private static CounterReply reply(long serial, String digest) {
        return new CounterReply("s1", serial, "node1", digest, serial == 1);
    }
}
