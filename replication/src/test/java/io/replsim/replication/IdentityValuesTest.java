package io.replsim.replication;

import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Node and session ids are keys of the stores' and the views' maps: equal by their text, hashed by it. */
class IdentityValuesTest {

    @Test
    void nodeIdsOfTheSameNameAreEqualAndFindEachOthersEntries() {
        Map<NodeId, String> byNode = new HashMap<>();
        byNode.put(new NodeId("node1"), "first");

        assertThat(new NodeId("node1")).isEqualTo(new NodeId("node1")).hasSameHashCodeAs(new NodeId("node1"))
                .isNotEqualTo(new NodeId("node2")).isNotEqualTo((Object) "node1");
        assertThat(byNode).containsEntry(new NodeId("node1"), "first").doesNotContainKey(new NodeId("node2"));
    }

    @Test
    void sessionIdsOfTheSameValueAreEqualAndFindEachOthersEntries() {
        Map<SessionId, String> bySession = new HashMap<>();
        bySession.put(new SessionId("abc"), "kept");

        assertThat(new SessionId("abc")).isEqualTo(new SessionId("abc")).hasSameHashCodeAs(new SessionId("abc"))
                .isNotEqualTo(new SessionId("abd")).isNotEqualTo((Object) "abc");
        assertThat(bySession).containsEntry(new SessionId("abc"), "kept").doesNotContainKey(new SessionId("ABC"));
    }
}
