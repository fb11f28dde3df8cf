package io.replsim.replication.session;

import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationException;
import io.replsim.replication.ReplicationTrigger;
import io.replsim.replication.SessionId;
import io.replsim.replication.message.SessionSnapshot;
import io.replsim.settings.Choices;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.Serializable;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Triggers decide which reads make an attribute dirty; maxUnreplicatedInterval replicates an idle session. */
class SessionTrackingTest {
    private static final NodeId SELF = new NodeId("node1");

    private final RecordingReplicator replicator = new RecordingReplicator();
    private final List<SessionSnapshot> replicated = replicator.replicated;
    private final MutableClock clock = new MutableClock();

    private SessionStore store(ReplicationTrigger trigger, Duration maxUnreplicated) {
        return new SessionStore(SELF, replicator, SessionLocator.NOWHERE,
                new SessionTracking(trigger, maxUnreplicated), clock, Duration.ofMillis(200));
    }

    @ParameterizedTest(name = "{0}: reading a byte[] dirty {1}, an Integer dirty {2}, a String dirty {3}")
    @CsvSource({
            "SET,                       false, false, false",
            "SET_AND_NON_PRIMITIVE_GET, true,  false, false",
            "SET_AND_GET,               true,  true,  true",
    })
    void aReadMarksTheAttributeDirtyAsTheTriggerSays(ReplicationTrigger trigger, boolean bytes, boolean integer,
                                                      boolean string) throws Exception {
        SessionStore store = store(trigger, Duration.ofHours(1));
        SessionId id = create(store);

        try (ActiveSession active = store.find(id).orElseThrow()) {
            active.session().getAttribute("bytes");
            active.session().getAttribute("integer");
            active.session().getAttribute("string");
            var expected = new ArrayList<String>();
            if (bytes) {
                expected.add("bytes");
            }
            if (integer) {
                expected.add("integer");
            }
            if (string) {
                expected.add("string");
            }
            assertThat(active.session().dirtyAttributes()).containsExactlyInAnyOrderElementsOf(expected);
        }
    }

    @Test
    void anUntouchedSessionIsReplicatedOnceItsLastReplicationIsOlderThanTheInterval() throws Exception {
        SessionStore store = store(ReplicationTrigger.SET, Duration.ofSeconds(60));
        SessionId id = create(store);
        replicated.clear();

        clock.advance(Duration.ofSeconds(59));
        touch(store, id);
        assertThat(replicated).isEmpty();

        clock.advance(Duration.ofSeconds(1));
        touch(store, id);
        assertThat(replicated).singleElement()
                .satisfies(snapshot -> assertThat(snapshot.lastAccessEpochMs()).isEqualTo(clock.millis()));

        clock.advance(Duration.ofSeconds(1));
        touch(store, id);
        assertThat(replicated).hasSize(1);
    }

    @Test
    void aZeroIntervalReplicatesEveryRequest() throws Exception {
        SessionStore store = store(ReplicationTrigger.SET, Duration.ZERO);
        SessionId id = create(store);
        replicated.clear();

        touch(store, id);
        touch(store, id);

        assertThat(replicated).hasSize(2);
    }

    @Test
    void triggersParseTheirFileSpelling() {
        assertThat(Choices.of(ReplicationTrigger.class).parse("set-and-non-primitive-get", "trigger"))
                .isEqualTo(ReplicationTrigger.SET_AND_NON_PRIMITIVE_GET);
        assertThatThrownBy(() -> Choices.of(ReplicationTrigger.class).parse("on-read", "trigger"))
                .hasMessageContaining("expected one of: set, set-and-non-primitive-get, set-and-get");
    }

    private SessionId create(SessionStore store) throws ReplicationException {
        try (ActiveSession active = store.create()) {
            active.session().setAttribute("bytes", new byte[16]);
            active.session().setAttribute("integer", 1);
            active.session().setAttribute("string", (Serializable) "s");
            store.update(active);
            return active.session().id();
        }
    }

    private static void touch(SessionStore store, SessionId id) throws ReplicationException {
        try (ActiveSession active = store.find(id).orElseThrow()) {
            store.update(active);
        }
    }
}
