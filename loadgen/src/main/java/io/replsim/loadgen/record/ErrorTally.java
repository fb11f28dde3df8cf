package io.replsim.loadgen.record;

import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.exchange.ErrorKind;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** Failed attempts by kind, counted by every user at once. */
public final class ErrorTally {

    private final Map<ErrorKind, LongAdder> counts = new EnumMap<>(ErrorKind.class);

    public ErrorTally() {
        for (ErrorKind kind : ErrorKind.values()) {
            counts.put(kind, new LongAdder());
        }
    }

    public void record(ErrorKind kind) {
        counts.get(kind).increment();
    }

    public ErrorCounts snapshot() {
        return new ErrorCounts(counts.get(ErrorKind.CONNECT).sum(), counts.get(ErrorKind.IO).sum(),
                counts.get(ErrorKind.TIMEOUT).sum(), counts.get(ErrorKind.HTTP_STATUS).sum());
    }
}
