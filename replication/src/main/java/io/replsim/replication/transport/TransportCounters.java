package io.replsim.replication.transport;

import java.util.concurrent.atomic.LongAdder;

/** Counters bumped on every replication message; LongAdders because every request thread bumps them. */
final class TransportCounters {
    private final LongAdder messagesSent = new LongAdder();
    private final LongAdder bytesSent = new LongAdder();
    private final LongAdder messagesReceived = new LongAdder();
    private final LongAdder bytesReceived = new LongAdder();
    private final LongAdder rejectedMessages = new LongAdder();
    private final LongAdder marshalledMessages = new LongAdder();
    private final LongAdder marshalledBytes = new LongAdder();
    private final LongAdder marshalNanos = new LongAdder();
    private final LongAdder unmarshalNanos = new LongAdder();
    private final LongAdder messagesStreamed = new LongAdder();
    private final LongAdder peersRefused = new LongAdder();

    void sent(int destinations, int bytesEach) {
        messagesSent.add(destinations);
        bytesSent.add((long) destinations * bytesEach);
    }

    void received(int bytes) {
        messagesReceived.increment();
        bytesReceived.add(bytes);
    }

    /** One serialization, however many destinations the bytes then go to. */
    void marshalled(int bytes, long nanos) {
        marshalledMessages.increment();
        marshalledBytes.add(bytes);
        marshalNanos.add(nanos);
    }

    void unmarshalled(long nanos) {
        unmarshalNanos.add(nanos);
    }

    /** One message answered over a direct stream instead of JGroups. */
    void streamed() {
        messagesStreamed.increment();
    }

    /** A connection, datagram, join, direct stream or request turned away before anything it carried was read. */
    void peerRefused() {
        peersRefused.increment();
    }

    void rejected() {
        rejectedMessages.increment();
    }

    TransportStats snapshot() {
        return new TransportStats(messagesSent.sum(), bytesSent.sum(), messagesReceived.sum(), bytesReceived.sum(),
                rejectedMessages.sum(), marshalledMessages.sum(), marshalledBytes.sum(), marshalNanos.sum() / 1_000,
                unmarshalNanos.sum() / 1_000, messagesStreamed.sum(), peersRefused.sum());
    }
}
