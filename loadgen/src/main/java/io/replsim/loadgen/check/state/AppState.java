package io.replsim.loadgen.check.state;

import java.util.List;
import java.util.function.Supplier;

/**
 * What one replsim app's session holds after the request that answered a given serial, as the driver knows it from
 * the requests it made (docs/interfaces.md §2-§2d): every attribute, with the serial that last wrote it. The
 * content the apps derive from the session id is derived here the same way, from the document.
 */
public sealed interface AppState permits CounterState, CartState, ProfileState, BeanState, ProbeState {

    /** The attributes of {@code session} once its serial is {@code serial}. */
    List<Written> at(String session, long serial);

    /**
     * One attribute: its value is the same for as long as {@code version} is (so it is made and encoded once, not
     * on every answer).
     */
    record Written(String name, long version, Supplier<Object> value) {
    }
}
