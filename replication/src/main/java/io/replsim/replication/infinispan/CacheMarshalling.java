package io.replsim.replication.infinispan;

import io.replsim.replication.marshalling.MessageMarshaller;
import io.replsim.replication.marshalling.RejectedMessageException;

import java.io.Serializable;
import java.util.concurrent.atomic.LongAdder;

/**
 * Cache values are bytes this class writes with replsim's own marshalling: whatever a member reads from the cache
 * (its own entries, or another member's fetched over the network) is deserialized through the allow-list filter,
 * never by Infinispan's Java-serialization marshaller. Counts what it does, as the jgroups transport does.
 */
final class CacheMarshalling {
    private final MessageMarshaller marshaller;
    private final LongAdder marshalled = new LongAdder();
    private final LongAdder marshalledBytes = new LongAdder();
    private final LongAdder marshalNanos = new LongAdder();
    private final LongAdder unmarshalled = new LongAdder();
    private final LongAdder unmarshalledBytes = new LongAdder();
    private final LongAdder unmarshalNanos = new LongAdder();
    private final LongAdder rejected = new LongAdder();

    CacheMarshalling(MessageMarshaller marshaller) {
        this.marshaller = marshaller;
    }

    byte[] marshal(Serializable value) {
        long start = System.nanoTime();
        byte[] bytes = marshaller.marshal(value);
        marshalNanos.add(System.nanoTime() - start);
        marshalled.increment();
        marshalledBytes.add(bytes.length);
        return bytes;
    }

    <T> T unmarshal(byte[] bytes, Class<T> expected) throws RejectedMessageException {
        long start = System.nanoTime();
        try {
            T value = marshaller.unmarshal(bytes, expected);
            unmarshalled.increment();
            unmarshalledBytes.add(bytes.length);
            return value;
        } catch (RejectedMessageException e) {
            rejected.increment();
            throw e;
        } finally {
            unmarshalNanos.add(System.nanoTime() - start);
        }
    }

    long marshalled() {
        return marshalled.sum();
    }

    long marshalledBytes() {
        return marshalledBytes.sum();
    }

    long marshalMicros() {
        return marshalNanos.sum() / 1_000;
    }

    long unmarshalled() {
        return unmarshalled.sum();
    }

    long unmarshalledBytes() {
        return unmarshalledBytes.sum();
    }

    long unmarshalMicros() {
        return unmarshalNanos.sum() / 1_000;
    }

    long rejected() {
        return rejected.sum();
    }
}
