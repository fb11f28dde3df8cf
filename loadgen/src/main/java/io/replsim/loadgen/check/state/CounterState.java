package io.replsim.loadgen.check.state;

import java.util.List;

/** The counter app's session: a payload derived from the session id, and the serial as an {@code Integer}. */
public record CounterState(int payloadBytes) implements AppState {

    public CounterState {
        if (payloadBytes < 0) {
            throw new IllegalArgumentException("payloadBytes: got " + payloadBytes + ", expected 0 or more");
        }
    }

    @Override
    public List<Written> at(String session, long serial) {
        return List.of(new Written("payload", 0, () -> DerivedRandom.bytes(session, "payload", 0, payloadBytes)),
                new Written("serial", serial, () -> (int) serial));
    }
}
