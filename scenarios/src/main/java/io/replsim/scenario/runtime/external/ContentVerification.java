package io.replsim.scenario.runtime.external;

import io.replsim.loadgen.check.state.ProbePath;
import io.replsim.loadgen.exchange.SerialSource;
import io.replsim.loadgen.exchange.TargetProtocol;

/**
 * How much of each session's content a drill against a foreign cluster verifies, as the report says it: the whole
 * state when the app is replsim's or the probe (a state digest the driver recomputes), a field the team named with
 * {@code --expect}, a digest that must stay the same, or nothing but the serial. Said on the console and in
 * summary.json, so that "0 lost" is never read as more than was checked.
 */
public final class ContentVerification {

    static final String SERIAL_ONLY = "not verified: serial only";

    private ContentVerification() {
    }

    /** {@code protocol} as the run judges answers ({@link ExternalTarget#withAppsOf}), {@code path} its app's page. */
    public static String of(TargetProtocol protocol, String path) {
        String expectation = protocol.expect().map(expect -> "; every answer must show " + expect + " (--expect)")
                .orElse("");
        if (protocol.serial() instanceof SerialSource.CounterJson && protocol.shapes().isPresent()) {
            return (ProbePath.isProbe(path) ? "verified: the probe's whole session state (state digest of"
                    + " docs/interfaces.md §2e)" : "verified: the replsim app's whole session state (state digest of"
                    + " docs/interfaces.md §2)") + expectation;
        }
        if (protocol.serial() instanceof SerialSource.CounterJson) {
            return "partly verified: the digest the app answers must stay the same" + expectation;
        }
        return protocol.expect().map(expect -> "verified only by --expect " + expect + " on every answer;"
                + " the rest of the session is not").orElse(SERIAL_ONLY);
    }
}
