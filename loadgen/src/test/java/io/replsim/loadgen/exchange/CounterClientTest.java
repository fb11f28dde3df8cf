package io.replsim.loadgen.exchange;

import io.replsim.loadgen.ErrorKind;
import io.replsim.loadgen.NodeEndpoint;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

class CounterClientTest {

    @Test
    void failuresAreSortedIntoConnectTimeoutAndIo() {
        assertThat(CounterClient.kindOf(new ConnectException("refused"))).isEqualTo(ErrorKind.CONNECT);
        assertThat(CounterClient.kindOf(new IOException("wrapped", new ConnectException()))).isEqualTo(ErrorKind.CONNECT);
        assertThat(CounterClient.kindOf(new HttpConnectTimeoutException("connect timed out"))).isEqualTo(ErrorKind.CONNECT);
        assertThat(CounterClient.kindOf(new HttpTimeoutException("request timed out"))).isEqualTo(ErrorKind.TIMEOUT);
        assertThat(CounterClient.kindOf(new IOException("Connection reset"))).isEqualTo(ErrorKind.IO);
    }

    @Test
    void aClosedPortIsARefusedConnection() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = socket.getLocalPort();
        }
        NodeEndpoint gone = new NodeEndpoint("gone", URI.create("http://127.0.0.1:" + port));
        try (CounterClient client = new CounterClient(List.of(gone), "/counter", Duration.ofSeconds(2))) {
            Exchange exchange = client.get(gone, Optional.empty());
            assertThat(exchange).isInstanceOfSatisfying(Exchange.Failed.class,
                    failed -> assertThat(failed.kind()).isEqualTo(ErrorKind.CONNECT));
        }
    }

    @Test
    void aServerThatNeverAnswersIsATimeout() throws Exception {
        // accepts the connection (backlog) but never reads or answers
        try (ServerSocket silent = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            NodeEndpoint node = new NodeEndpoint("silent", URI.create("http://127.0.0.1:" + silent.getLocalPort()));
            try (CounterClient client = new CounterClient(List.of(node), "/counter", Duration.ofMillis(300))) {
                Exchange exchange = client.get(node, Optional.empty());
                assertThat(exchange).isInstanceOfSatisfying(Exchange.Failed.class,
                        failed -> assertThat(failed.kind()).isEqualTo(ErrorKind.TIMEOUT));
            }
        }
    }
}
