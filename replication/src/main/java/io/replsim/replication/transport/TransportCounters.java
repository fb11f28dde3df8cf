package io.replsim.replication.transport;

import java.util.concurrent.atomic.LongAdder;

/** Counters bumped on every replication message; LongAdders because every request thread bumps them. */
final class TransportCounters {
    private final LongAdder messagesSent = new LongAdder();
    private final LongAdder bytesSent = new LongAdder();
    private final LongAdder messagesReceived = new LongAdder();
    private final LongAdder bytesReceived = new LongAdder();
    private final LongAdder rejectedMessages = new LongAdder();

    void sent(int destinations, int bytesEach) {
        messagesSent.add(destinations);
        bytesSent.add((long) destinations * bytesEach);
    }

    void received(int bytes) {
        messagesReceived.increment();
        bytesReceived.add(bytes);
    }

    void rejected() {
        rejectedMessages.increment();
    }

    TransportStats snapshot() {
        return new TransportStats(messagesSent.sum(), bytesSent.sum(), messagesReceived.sum(), bytesReceived.sum(),
                rejectedMessages.sum());
    }
}
