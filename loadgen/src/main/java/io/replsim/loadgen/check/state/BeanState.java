package io.replsim.loadgen.check.state;

import java.util.List;
import java.util.Map;

/** The bean app's session: one attribute {@code bean}, the bean's state: an identity and the count (the serial). */
public record BeanState() implements AppState {

    @Override
    public List<Written> at(String session, long serial) {
        return List.of(new Written("bean", serial, () -> Map.of(
                "identity", DerivedRandom.bytes(session, "identity", 0, 32), "count", serial)));
    }
}
