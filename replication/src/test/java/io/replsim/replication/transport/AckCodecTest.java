package io.replsim.replication.transport;

import io.replsim.replication.NotAllowedValue;
import io.replsim.replication.marshalling.MessageMarshaller;
import io.replsim.replication.marshalling.RejectedMessageException;
import io.replsim.replication.message.Ack;
import io.replsim.replication.message.AckStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AckCodecTest {
    private final MessageMarshaller marshaller = MessageMarshaller.standard();
    private final AckCodec codec = new AckCodec(marshaller);

    @ParameterizedTest
    @EnumSource(AckStatus.class)
    void aBareStatusTravelsAsOneByteAndComesBackTheSame(AckStatus status) throws RejectedMessageException {
        byte[] bytes = codec.encode(Ack.of(status));

        assertThat(bytes).hasSize(1);
        assertThat(codec.decode(bytes)).contains(Ack.of(status));
    }

    @Test
    void anAckWithADetailIsSerializedWhole() throws RejectedMessageException {
        var ack = new Ack(AckStatus.BUSY, "3 of 4 updates busy");

        byte[] bytes = codec.encode(ack);

        assertThat(bytes.length).isGreaterThan(1);
        assertThat(codec.decode(bytes)).contains(ack);
    }

    @Test
    void aOneByteAnswerNamingNoStatusIsNoAck() throws RejectedMessageException {
        assertThat(codec.decode(new byte[] {(byte) AckStatus.values().length})).isEmpty();
        assertThat(codec.decode(new byte[] {-1})).isEmpty();
    }

    @Test
    void aSerializedAnswerStillGoesThroughTheAllowList() {
        byte[] notAnAck = marshaller.marshal(new NotAllowedValue("boom"));

        assertThatThrownBy(() -> codec.decode(notAnAck)).isInstanceOf(RejectedMessageException.class);
    }
}
