package io.replsim.replication.transport;

import io.replsim.replication.marshalling.MessageMarshaller;
import io.replsim.replication.marshalling.RejectedMessageException;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.AckStatus;

import java.util.Optional;

/**
 * Acks on the wire. Nearly every ack is a bare status (APPLIED, STALE, ...): it travels as one byte, the status'
 * position, because a Java serialization stream for it costs a fresh stream, class descriptors and a filter on
 * both ends (a fifth of a sender's CPU per 64 KB update, measured). Any other ack, one with a detail or carrying
 * sessions, is serialized and read back through the allow-list; a serialization stream never is one byte long.
 */
final class AckCodec {
    private static final AckStatus[] STATUSES = AckStatus.values();

    private final MessageMarshaller marshaller;

    AckCodec(MessageMarshaller marshaller) {
        this.marshaller = marshaller;
    }

    byte[] encode(Ack ack) {
        if (ack.detail().isEmpty() && ack.carried().isEmpty()) {
            return new byte[] {(byte) ack.status().ordinal()};
        }
        return marshaller.marshal(ack);
    }

    /** The ack, or empty for a one-byte answer that names no status. */
    Optional<Ack> decode(byte[] bytes) throws RejectedMessageException {
        if (bytes.length == 1) {
            int status = bytes[0];
            return status >= 0 && status < STATUSES.length ? Optional.of(Ack.of(STATUSES[status])) : Optional.empty();
        }
        return Optional.of(marshaller.unmarshal(bytes, Ack.class));
    }
}
