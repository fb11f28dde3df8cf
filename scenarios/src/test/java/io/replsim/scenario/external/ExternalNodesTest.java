package io.replsim.scenario.external;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.scenario.fault.UserNodes;
import java.net.URI;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ExternalNodesTest {

    private static final ExternalNodes NODES = nodes("a", "b", "c");

    private static ExternalNodes nodes(String... names) {
        return new ExternalNodes(java.util.Arrays.stream(names)
                .map(name -> new NodeEndpoint(name, URI.create("http://127.0.0.1:1/"))).toList());
    }

    /** Users 0, 1, 2, ... served by the nodes listed, in order; a null is a user not served yet. */
    private static UserNodes serving(String... nodes) {
        return user -> user < nodes.length ? Optional.ofNullable(nodes[user]) : Optional.empty();
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

    @Test
    void theNodeServingMostUsersIsThePrimaryOfMost() {
        assertThat(NODES.servingMost(serving("a", "c", "c", "b", "c", "a"), 6)).contains("c");
    }

    @Test
    void onlyTheUsersOfTheLoadCount() {
        // users past the load's count are not asked, whatever the table would say
        assertThat(NODES.servingMost(serving("a", "b", "b", "b"), 2)).contains("a");
    }

    @Test
    void aTieGoesToTheFirstTargetGiven() {
        assertThat(NODES.servingMost(serving("c", "b", "b", "c"), 4)).contains("b");
    }

    @Test
    void aNodeThatIsDownIsNeverThePrimaryOfMost() {
        ExternalNodes nodes = nodes("a", "b");
        nodes.markDown("b");
        // the router's table still names b for users who have not been answered since the kill
        assertThat(nodes.servingMost(serving("b", "b", "b", "a"), 4)).contains("a");
    }

    @Test
    void noPrimaryOfMostBeforeAnyUserWasServed() {
        assertThat(NODES.servingMost(serving(null, null), 2)).isEmpty();
        assertThat(NODES.servingMost(UserNodes.NONE, 10)).isEmpty();
    }

    @Test
    void aUserServedByANodeThatIsNoTargetIsNotCounted() {
        assertThat(NODES.servingMost(serving("x", "x", "a"), 3)).contains("a");
    }
}
