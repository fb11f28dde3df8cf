package io.replsim.replication.transport.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class HandshakeWatchTest {
    private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1);

    @AfterEach
    void stop() {
        timer.shutdownNow();
    }

    @Test
    void aReadStillWaitingAtTheDeadlineIsBrokenAndTheWatchSaysWhy() throws Exception {
        try (var server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             var client = new Socket()) {
            client.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()));
            try (Socket accepted = server.accept()) {
                var watch = HandshakeWatch.start(accepted, Duration.ofMillis(200), timer);

                // the peer sends nothing: without the watch this read would wait for ever (no read timeout)
                assertThatThrownBy(() -> accepted.getInputStream().read()).isInstanceOf(IOException.class);
                assertThat(watch.expired()).isTrue();
                assertThat(watch.reason()).startsWith("no handshake within");
            }
        }
    }

    @Test
    void aLiftedWatchLeavesTheSocketOpen() throws Exception {
        try (var server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             var client = new Socket()) {
            client.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), server.getLocalPort()));
            try (Socket accepted = server.accept()) {
                var watch = HandshakeWatch.start(accepted, Duration.ofMillis(100), timer);
                watch.lift();
                Thread.sleep(300);

                client.getOutputStream().write(7);
                assertThat(accepted.getInputStream().read()).isEqualTo(7);
                assertThat(watch.expired()).isFalse();
                assertThat(accepted.isClosed()).isFalse();
            }
        }
    }
}
