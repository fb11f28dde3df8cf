package io.replsim.replication;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PlacementTest {
    private static final NodeId A = new NodeId("a");
    private static final NodeId B = new NodeId("b");
    private static final NodeId C = new NodeId("c");
    private static final SessionId SESSION = new SessionId("s1");

    @Test
    void allMembersBacksUpOnEveryOtherMemberInViewOrder() {
        var view = new ClusterView("[c|4]", List.of(C, A, B));

        assertThat(new Placement.AllMembers().backupsFor(SESSION, A, view)).containsExactly(C, B);
    }

    @Test
    void aLoneMemberHasNoBackups() {
        assertThat(new Placement.AllMembers().backupsFor(SESSION, A, new ClusterView("[a|0]", List.of(A)))).isEmpty();
    }

    @Test
    void aPrimaryOutsideTheViewBacksUpOnEveryMember() {
        var view = new ClusterView("[b|2]", List.of(B, C));

        assertThat(new Placement.AllMembers().backupsFor(SESSION, A, view)).containsExactly(B, C);
    }

    @Test
    void parseAcceptsTheCommandLineLabelAndNamesTheChoicesOtherwise() {
        assertThat(Placement.parse(" ALL ")).isEqualTo(new Placement.AllMembers());
        assertThatThrownBy(() -> Placement.parse("buddies")).hasMessageContaining("expected one of: all");
    }
}
