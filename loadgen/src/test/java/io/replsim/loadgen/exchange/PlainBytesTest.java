package io.replsim.loadgen.exchange;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class PlainBytesTest {

    /** Bytes larger than the staging buffer go out and come in whole and in order, in pieces of its size. */
    @Test
    void heapBytesLargerThanTheStagingBufferGoThroughItWhole() throws Exception {
        byte[] sent = new byte[200_000];
        new SplittableRandom(7).nextBytes(sent);
        try (ServerSocketChannel server = ServerSocketChannel.open()
                .bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
             SocketChannel writer = SocketChannel.open(server.getLocalAddress());
             SocketChannel reader = server.accept()) {
            writer.configureBlocking(false);
            reader.configureBlocking(false);
            PlainBytes out = new PlainBytes(writer, ByteBuffer.allocateDirect(1_000));
            PlainBytes in = new PlainBytes(reader, ByteBuffer.allocateDirect(700));
            ByteBuffer unsent = ByteBuffer.wrap(sent);
            byte[] received = new byte[sent.length];
            ByteBuffer into = ByteBuffer.wrap(received);
            while (into.hasRemaining()) {
                if (unsent.hasRemaining()) {
                    int waitFor = out.write(unsent);
                    assertThat(waitFor == 0).isEqualTo(!unsent.hasRemaining());
                }
                assertThat(in.read(into)).isNotNegative();
            }
            assertThat(received).isEqualTo(sent);
        }
    }
}
