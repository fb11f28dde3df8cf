package io.replsim.tomcat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.catalina.tribes.Channel;
import org.junit.jupiter.api.Test;

/** A Tomcat member's command line, and the channelSendOptions each replication means. */
class TomcatNodeArgumentsTest {
    private static final String[] GOOD = {"--name", "node2", "--http-port", "18082", "--admin-port", "18182",
            "--members", "node1=18281,node2=18282", "--manager", "backup", "--replication", "sync", "--war", "p.war",
            "--work-dir", "w", "--parent-pid=42"};

    @Test
    void everyOptionIsRead() {
        TomcatNodeArguments args = TomcatNodeArguments.parse(GOOD);
        assertThat(args).isEqualTo(new TomcatNodeArguments("node2", "127.0.0.1", 18082, 18182,
                Map.of("node1", 18281, "node2", 18282), TomcatNodeArguments.Manager.BACKUP,
                TomcatNodeArguments.Replication.SYNC, Path.of("p.war"), Path.of("w"), 16, OptionalLong.of(42)));
        assertThat(args.tribesPort()).isEqualTo(18282);
    }

    @Test
    void aBadArgumentIsNamedWithWhatWasExpected() {
        assertThatThrownBy(() -> TomcatNodeArguments.parse(new String[] {"--name", "node1"}))
                .hasMessage("missing argument --members");
        String[] badPort = GOOD.clone();
        badPort[3] = "x";
        assertThatThrownBy(() -> TomcatNodeArguments.parse(badPort))
                .hasMessage("bad argument --http-port: got \"x\", expected a whole number from 1 to 65535");
        String[] notAMember = GOOD.clone();
        notAMember[1] = "node3";
        assertThatThrownBy(() -> TomcatNodeArguments.parse(notAMember)).hasMessageContaining("does not name this node");
        String[] badManager = GOOD.clone();
        badManager[9] = "lazy";
        assertThatThrownBy(() -> TomcatNodeArguments.parse(badManager))
                .hasMessage("bad argument --manager: got \"lazy\", expected one of [delta, backup]");
    }

    @Test
    void syncWaitsForTheMembersAcknowledgementAndAsyncDoesNot() {
        assertThat(TribesCluster.sendOptions(TomcatNodeArguments.Replication.SYNC)).isEqualTo(6)
                .isEqualTo(Channel.SEND_OPTIONS_USE_ACK | Channel.SEND_OPTIONS_SYNCHRONIZED_ACK);
        assertThat(TribesCluster.sendOptions(TomcatNodeArguments.Replication.ASYNC)).isEqualTo(8);
    }
}
