package io.replsim.replication.transport;

import org.jgroups.util.Rsp;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A member's part of a request sent through JGroups. A member the view dropped between the sender's look at its
 * members and the send is left out of the request by JGroups (MessageDispatcher keeps only its view's members), so it
 * has no response at all: it left, as a suspected one did. Counted as silent, the quickstart's sync writes to a killed
 * node answered 503 ("no ack from [node1] within 2000 ms") right after the view, 1-3 a run.
 */
class JGroupsAnswerTest {

    @Test
    void aMemberLeftOutOfTheRequestLeft() {
        assertThat(JGroupsAnswer.of(null)).isEqualTo(JGroupsAnswer.LEFT);
    }

    @Test
    void aSuspectedOrUnreachableMemberLeftAndASilentOneIsSilent() {
        var suspected = new Rsp<Object>();
        suspected.setSuspected();
        var unreachable = new Rsp<Object>();
        unreachable.setUnreachable();

        assertThat(JGroupsAnswer.of(suspected)).isEqualTo(JGroupsAnswer.LEFT);
        assertThat(JGroupsAnswer.of(unreachable)).isEqualTo(JGroupsAnswer.LEFT);
        assertThat(JGroupsAnswer.of(new Rsp<>())).isEqualTo(JGroupsAnswer.SILENT);
    }

    @Test
    void anAnswerIsAnAnswerAndSoIsAnExceptionCarriedBack() {
        assertThat(JGroupsAnswer.of(new Rsp<Object>(new byte[] {1}))).isEqualTo(JGroupsAnswer.ANSWERED);
        assertThat(JGroupsAnswer.of(new Rsp<Object>(new IllegalStateException("boom"))))
                .isEqualTo(JGroupsAnswer.ANSWERED);
    }
}
