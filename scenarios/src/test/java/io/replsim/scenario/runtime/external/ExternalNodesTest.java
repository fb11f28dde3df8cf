package io.replsim.scenario.runtime.external;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.replsim.loadgen.exchange.NodeEndpoint;
import java.net.URI;
import org.junit.jupiter.api.Test;

class ExternalNodesTest {

    private static final ExternalNodes NODES = nodes("a", "b", "c");

    private static ExternalNodes nodes(String... names) {
        return new ExternalNodes(java.util.Arrays.stream(names)
                .map(name -> new NodeEndpoint(name, URI.create("http://127.0.0.1:1/"))).toList());
    }

    @Test
    void everyNodeIsUpUntilMarkedDownAndUpAgainAfterARestart() {
        ExternalNodes nodes = nodes("a", "b", "c");
        assertThat(nodes.up()).containsExactly("a", "b", "c");

        nodes.markDown("b");
        assertThat(nodes.up()).containsExactly("a", "c");
        assertThat(nodes.isUp("b")).isFalse();
        assertThat(nodes.names()).as("the names stay, down or not").containsExactly("a", "b", "c");

        nodes.markUp("b");
        assertThat(nodes.up()).containsExactly("a", "b", "c");
    }

    @Test
    void aNameThatIsNoTargetIsRefusedWithTheNamesThereAre() {
        assertThatThrownBy(() -> NODES.endpoint("node9"))
                .hasMessage("no --target is named node9; the targets are [a, b, c]");
        assertThatThrownBy(() -> nodes("a", "b").markDown("z")).hasMessageContaining("no --target is named z");
    }

    @Test
    void twoNodesOfOneNameAreRefused() {
        assertThatThrownBy(() -> nodes("a", "a")).hasMessageContaining("share a name");
    }
}
