package io.replsim.replication;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PlacementTest {
    private static final NodeId A = new NodeId("a");
    private static final NodeId B = new NodeId("b");
    private static final NodeId C = new NodeId("c");
    private static final NodeId D = new NodeId("d");
    private static final NodeId E = new NodeId("e");
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
        assertThat(Placement.CHOICES.parse(" ALL ", "placement")).isEqualTo(new Placement.AllMembers());
        assertThat(Placement.CHOICES.parse("buddies", "placement"))
                .isEqualTo(new Placement.Buddies(1, BuddyPools.none()));
        assertThat(Placement.CHOICES.parse("none", "placement")).isEqualTo(new Placement.None());
        assertThatThrownBy(() -> Placement.CHOICES.parse("neighbours", "placement"))
                .hasMessageContaining("expected one of: all, buddies, none");
    }

    @Test
    void noneKeepsEverySessionOnItsOwnerAlone() {
        var view = new ClusterView("[a|5]", List.of(A, B, C, D, E));

        assertThat(new Placement.None().backupsFor(SESSION, B, view)).isEmpty();
        assertThat(new Placement.None().label()).isEqualTo("none");
    }

    @Test
    void buddiesAreTheNextMembersInViewOrderWrappingAround() {
        var view = new ClusterView("[a|5]", List.of(A, B, C, D, E));

        assertThat(new Placement.Buddies(1, BuddyPools.none()).backupsFor(SESSION, B, view)).containsExactly(C);
        assertThat(new Placement.Buddies(2, BuddyPools.none()).backupsFor(SESSION, D, view)).containsExactly(E, A);
        assertThat(new Placement.Buddies(9, BuddyPools.none()).backupsFor(SESSION, A, view))
                .containsExactly(B, C, D, E);
    }

    @Test
    void buddiesPreferTheirPoolThenFillFromTheRest() {
        var view = new ClusterView("[a|5]", List.of(A, B, C, D, E));
        var pools = new BuddyPools(List.of(Set.of(A, C), Set.of(B, D, E)));

        assertThat(new Placement.Buddies(1, pools).backupsFor(SESSION, A, view)).containsExactly(C);
        assertThat(new Placement.Buddies(1, pools).backupsFor(SESSION, E, view)).containsExactly(B);
        assertThat(new Placement.Buddies(2, pools).backupsFor(SESSION, C, view)).containsExactly(A, D);
    }

    @Test
    void whenABuddyLeavesTheNextMemberTakesItsPlace() {
        var before = new ClusterView("[a|5]", List.of(A, B, C, D));
        var after = new ClusterView("[a|6]", List.of(A, C, D));
        var placement = new Placement.Buddies(1, BuddyPools.none());

        assertThat(placement.backupsFor(SESSION, A, before)).containsExactly(B);
        assertThat(placement.backupsFor(SESSION, A, after)).containsExactly(C);
        assertThat(placement.backupsFor(SESSION, C, after)).isEqualTo(placement.backupsFor(SESSION, C, before));
    }

    @Test
    void buddyPoolsRefuseAMemberInTwoPoolsAndReadTheirCommandLineForm() {
        assertThatThrownBy(() -> new BuddyPools(List.of(Set.of(A, B), Set.of(B)))).hasMessageContaining("b is in more");
        var parsed = BuddyPools.parse("a,c/b, d");
        assertThat(parsed.samePool(A, C)).isTrue();
        assertThat(parsed.samePool(B, D)).isTrue();
        assertThat(parsed.samePool(A, B)).isFalse();
        assertThat(BuddyPools.parse(parsed.label())).isEqualTo(parsed);
    }
}
