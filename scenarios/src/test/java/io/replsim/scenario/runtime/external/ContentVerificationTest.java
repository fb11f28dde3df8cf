package io.replsim.scenario.runtime.external;

import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.exchange.TargetProtocol;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the report says was verified of each session's content, for each kind of app a drill can drive. */
class ContentVerificationTest {

    @Test
    void onlyTheSerialOfAnAppThatShowsNothingElse() {
        assertThat(ContentVerification.of(TargetProtocol.of("SID", "regex:hits=(\\d+)"), "/shop/hits"))
                .isEqualTo("not verified: serial only");
    }

    @Test
    void theWholeStateOfTheProbeAndOfReplsimsApps() {
        TargetProtocol judged = TargetProtocol.replsim(SessionShapes.DEFAULT);
        assertThat(ContentVerification.of(judged, "/replsim-probe/session?kb=4&attrs=8"))
                .startsWith("verified: the probe's whole session state");
        assertThat(ContentVerification.of(judged, "/counter")).startsWith("verified: the replsim app's whole");
        assertThat(ContentVerification.of(new TargetProtocol("JSESSIONID",
                TargetProtocol.REPLSIM.serial(), Optional.empty()), "/elsewhere"))
                .startsWith("partly verified: the digest the app answers must stay the same");
    }

    @Test
    void anExpectationIsNamed() {
        TargetProtocol expecting = TargetProtocol.of("SID", "json:/hits")
                .expecting(TargetProtocol.parseExpectation("header:X-Cart=ok|full"));
        assertThat(ContentVerification.of(expecting, "/shop"))
                .isEqualTo("verified only by --expect header:X-Cart=ok|full on every answer; the rest of the session"
                        + " is not");
    }
}
