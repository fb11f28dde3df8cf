package io.replsim.loadgen.record;

import io.replsim.loadgen.exchange.ErrorCounts;
import io.replsim.loadgen.exchange.ErrorKind;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/** Failed attempts by kind, and the balancer's retries after a timeout, counted by every user at once. */
public final class ErrorTally {

    private final Map<ErrorKind, LongAdder> counts = new EnumMap<>(ErrorKind.class);
    private final LongAdder retries = new LongAdder();

    public ErrorTally() {
        for (ErrorKind kind : ErrorKind.values()) {
            counts.put(kind, new LongAdder());
        }
    }

    public void record(ErrorKind kind) {
        counts.get(kind).increment();
    }

    /** The balancer sent a request on to another node after its timeout (the attempt is a timeout, counted too). */
    public void retriedOnTimeout() {
        retries.increment();
    }

    public ErrorCounts snapshot() {
        return new ErrorCounts(counts.get(ErrorKind.CONNECT).sum(), counts.get(ErrorKind.IO).sum(),
                counts.get(ErrorKind.TIMEOUT).sum(), counts.get(ErrorKind.HTTP_STATUS).sum(), retries.sum());
    }
}
