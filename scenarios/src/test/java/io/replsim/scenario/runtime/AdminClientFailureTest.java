package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;

/**
 * What a failed admin call says: the node, the request and why. A restarted node whose admin server was not yet up
 * was reported as "node2 admin GET /admin/stats: null", the JDK's ConnectException carrying no message.
 */
class AdminClientFailureTest {

    @Test
    void aRefusedConnectionIsNamedByItsKindWhenItHasNoMessage() {
        AdminClient client = new AdminClient("node2", (method, path, body) -> {
            throw new ConnectException();
        });

        assertThatThrownBy(client::statsJson).isInstanceOf(IOException.class)
                .hasMessage("node2 admin GET /admin/stats: ConnectException");
    }

    @Test
    void aFailureWithAMessageKeepsIt() {
        AdminClient client = new AdminClient("node1", (method, path, body) -> {
            throw new IOException("request timed out");
        });

        assertThatThrownBy(client::statsJson).isInstanceOf(IOException.class)
                .hasMessage("node1 admin GET /admin/stats: request timed out");
    }
}
