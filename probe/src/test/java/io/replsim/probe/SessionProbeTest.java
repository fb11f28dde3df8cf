package io.replsim.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Every page of the probe against a model of its session computed here, forward, request by request (the probe
 * searches backward from the serial): the answered digest is the model's after every request, for every variant,
 * and a session a replica damaged is reported as such.
 */
class SessionProbeTest {

    /** The test's own model of a /session session: each attribute's version, moved forward by every request. */
    private static final class Model {
        final String id;
        final ProbeShape shape;
        final long[] versions;
        long serial;

        Model(String id, ProbeShape shape) {
            this.id = id;
            this.shape = shape;
            this.versions = new long[shape.attrs()];
        }

        void request() {
            serial++;
            int changed = serial == 1 ? shape.attrs()
                    : shape.share() == 0 ? 0 : Math.max(1, (int) Math.round(shape.share() * shape.attrs()));
            for (int k = 0; k < changed; k++) {
                int index = serial == 1 ? k : (int) ((serial * changed + k) % shape.attrs());
                versions[index] = serial;
            }
        }

        Map<String, Object> attributes() {
            Map<String, Object> attributes = new HashMap<>();
            attributes.put("serial", serial);
            for (int i = 0; i < versions.length; i++) {
                int bytes = shape.kb() * 1024 / shape.attrs();
                attributes.put("attr" + i, DerivedBytes.of(id, "attr" + i, versions[i], bytes));
            }
            return attributes;
        }
    }

    private static ProbeOutcome.Answered answered(ProbeOutcome outcome) {
        assertThat(outcome).isInstanceOf(ProbeOutcome.Answered.class);
        return (ProbeOutcome.Answered) outcome;
    }

    @Test
    void everyAnswerOfTheSessionPageIsTheModelsDigestForEveryShape() {
        for (ProbeShape shape : List.of(ProbeShape.DEFAULT, new ProbeShape(1, 3, 1.0), new ProbeShape(2, 5, 0),
                new ProbeShape(0, 1, 0.5), new ProbeShape(3, 7, 0.3))) {
            var session = new MapSession();
            var model = new Model("abc123", shape);
            for (int request = 1; request <= 12; request++) {
                model.request();
                var answer = answered(SessionProbe.handle(session, "abc123", request == 1, shape, false));
                assertThat(answer.serial()).as(shape + " request " + request).isEqualTo(request);
                assertThat(answer.digest()).as(shape + " request " + request)
                        .isEqualTo(StateDigest.of(model.attributes()));
                assertThat(answer.damaged()).isFalse();
                assertThat(answer.created()).isEqualTo(request == 1);
            }
        }
    }

    @Test
    void aReadOnlyRequestAnswersTheSameSerialAndDigestAndWritesNothing() {
        var session = new MapSession();
        var model = new Model("r1", ProbeShape.DEFAULT);
        for (int request = 1; request <= 3; request++) {
            model.request();
            SessionProbe.handle(session, "r1", request == 1, ProbeShape.DEFAULT, false);
        }
        int writes = session.writes;
        for (int read = 0; read < 2; read++) {
            var answer = answered(SessionProbe.handle(session, "r1", false, ProbeShape.DEFAULT, true));
            assertThat(answer.serial()).isEqualTo(3);
            assertThat(answer.digest()).isEqualTo(StateDigest.of(model.attributes()));
        }
        assertThat(session.writes).as("setAttribute calls of the reads").isEqualTo(writes);
        var first = answered(SessionProbe.handle(new MapSession(), "r2", true, ProbeShape.DEFAULT, true));
        var fresh = new Model("r2", ProbeShape.DEFAULT);
        fresh.request();
        assertThat(first.serial()).as("a read on no session still makes one").isEqualTo(1);
        assertThat(first.digest()).isEqualTo(StateDigest.of(fresh.attributes()));
    }

    @Test
    void inPlaceWritesTheSameContentButCallsSetAttributeForTheSerialOnly() {
        var session = new MapSession();
        var model = new Model("p1", ProbeShape.DEFAULT);
        model.request();
        SessionProbe.handle(session, "p1", true, ProbeShape.DEFAULT, SessionProbe.Mode.WRITE, Optional.empty());
        for (int request = 2; request <= 6; request++) {
            model.request();
            int writes = session.writes;
            var answer = answered(SessionProbe.handle(session, "p1", false, ProbeShape.DEFAULT,
                    SessionProbe.Mode.IN_PLACE, Optional.empty()));
            assertThat(answer.digest()).isEqualTo(StateDigest.of(model.attributes()));
            assertThat(session.writes - writes).as("setAttribute calls").isEqualTo(1);
        }
    }

    @Test
    void theBeanCountsOnIncrementAndOnlyReadsOnPeek() {
        var session = new MapSession();
        byte[] identity = DerivedBytes.of("b1", "identity", 0, 32);
        for (int request = 1; request <= 4; request++) {
            var answer = answered(BeanProbe.handle(session, "b1", request == 1, BeanProbe.Operation.INCREMENT));
            assertThat(answer.serial()).isEqualTo(request);
            assertThat(answer.digest()).isEqualTo(StateDigest.of(Map.of("bean",
                    Map.of("identity", identity, "count", (long) request))));
        }
        int writes = session.writes;
        var peek = answered(BeanProbe.handle(session, "b1", false, BeanProbe.Operation.PEEK));
        assertThat(peek.serial()).isEqualTo(4);
        assertThat(peek.digest()).isEqualTo(StateDigest.of(Map.of("bean", Map.of("identity", identity, "count", 4L))));
        assertThat(session.writes).isEqualTo(writes);
    }

    @Test
    void anAttributeAReplicaLostIsReportedAndChangesTheDigest() {
        var session = new MapSession();
        var shape = new ProbeShape(1, 4, 0.5);
        var model = new Model("d1", shape);
        for (int request = 1; request <= 3; request++) {
            model.request();
            SessionProbe.handle(session, "d1", request == 1, shape, false);
        }
        // request 4 rewrites (4·2 + k) mod 4 = attr0 and attr1: attr2 stays lost
        session.attributes.remove("attr2");
        model.request();
        var answer = answered(SessionProbe.handle(session, "d1", false, shape, false));
        assertThat(answer.serial()).isEqualTo(4);
        assertThat(answer.read().missing()).containsExactly("attr2");
        assertThat(answer.answered().missing()).containsExactly("attr2");
        assertThat(answer.digest()).isNotEqualTo(StateDigest.of(model.attributes()));
        assertThat(answer.damaged()).isTrue();
    }

    @Test
    void damageTheRequestOverwritesIsSeenOnReadThoughTheAnswerIsIntact() {
        var session = new MapSession();
        var shape = new ProbeShape(1, 4, 0.5);
        var model = new Model("d2", shape);
        for (int request = 1; request <= 3; request++) {
            model.request();
            SessionProbe.handle(session, "d2", request == 1, shape, false);
        }
        ((byte[]) session.attributes.get("attr0"))[0] ^= 1;
        model.request();
        var answer = answered(SessionProbe.handle(session, "d2", false, shape, false));
        assertThat(answer.read().differing()).containsExactly("attr0");
        assertThat(answer.answered().isNone()).isTrue();
        assertThat(answer.digest()).isEqualTo(StateDigest.of(model.attributes()));
    }

    @Test
    void aSessionWithoutItsSerialOrWithAForeignValueIsUnreadable() {
        var session = new MapSession();
        SessionProbe.handle(session, "u1", true, ProbeShape.DEFAULT, false);
        session.attributes.remove("serial");
        assertThat(SessionProbe.handle(session, "u1", false, ProbeShape.DEFAULT, false))
                .isEqualTo(new ProbeOutcome.Unreadable("no attribute serial"));
        session.attributes.put("serial", 3);
        assertThat(SessionProbe.handle(session, "u1", false, ProbeShape.DEFAULT, false))
                .isInstanceOf(ProbeOutcome.Unreadable.class);
        session.attributes.put("serial", 3L);
        session.attributes.put("other", new Object());
        assertThat(SessionProbe.handle(session, "u1", false, ProbeShape.DEFAULT, false))
                .isInstanceOf(ProbeOutcome.Unreadable.class);
        assertThat(BeanProbe.handle(new MapSession(), "u2", false, BeanProbe.Operation.PEEK))
                .isEqualTo(new ProbeOutcome.Unreadable("no attribute bean"));
    }

    @Test
    void aBadParameterNamesItself() {
        Map<String, String> query = new HashMap<>(Map.of("kb", "x"));
        assertThatThrownBy(() -> ProbeShape.of(query::get)).hasMessageStartingWith("kb: got \"x\"");
        query.put("kb", "4");
        query.put("attrs", "0");
        assertThatThrownBy(() -> ProbeShape.of(query::get)).hasMessageStartingWith("attrs: got 0");
        query.put("attrs", "2");
        query.put("share", "1.5");
        assertThatThrownBy(() -> ProbeShape.of(query::get)).hasMessageStartingWith("share: got 1.5");
        assertThat(ProbeShape.of(name -> null)).isEqualTo(ProbeShape.DEFAULT);
    }
}
