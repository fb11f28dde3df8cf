package io.replsim.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The probe keeps the session's list of recorded requests as replsim's nodes do (docs/interfaces.md §2): a writing
 * request with {@code X-Replsim-Request} appends its id through setAttribute and its answer shows the list, a read,
 * a peek or a logout only shows it, a request without the header touches neither; the list is no part of the
 * content the digest and the damage check cover.
 */
class RequestListTest {

    private static Optional<RecordedRequest> recorded(long id) {
        return Optional.of(new RecordedRequest(id, false));
    }

    private static ProbeOutcome.Answered session(MapSession session, boolean created, SessionProbe.Mode mode,
                                                 Optional<RecordedRequest> recorded) {
        ProbeOutcome outcome = SessionProbe.handle(session, "h1", created, ProbeShape.DEFAULT, mode, recorded);
        assertThat(outcome).isInstanceOf(ProbeOutcome.Answered.class);
        return (ProbeOutcome.Answered) outcome;
    }

    @Test
    void aWritingRequestAppendsItsIdThroughSetAttributeAndEveryAnswerShowsTheList() {
        var session = new MapSession();
        assertThat(session(session, true, SessionProbe.Mode.WRITE, recorded(3)).list()).contains("3");
        long[] afterFirst = (long[]) session.attributes.get(RequestList.ATTRIBUTE);
        assertThat(session(session, false, SessionProbe.Mode.WRITE, recorded(7)).list()).contains("3,7");
        assertThat(session.attributes.get(RequestList.ATTRIBUTE)).as("a new array set anew, so it is replicated")
                .isNotSameAs(afterFirst).isEqualTo(new long[] {3, 7});
        assertThat(session(session, false, SessionProbe.Mode.IN_PLACE, recorded(12)).list()).contains("3,7,12");

        int writes = session.writes;
        var read = session(session, false, SessionProbe.Mode.READ_ONLY, recorded(13));
        assertThat(read.list()).as("a read appends nothing").contains("3,7,12");
        assertThat(session.writes).as("setAttribute calls of the read").isEqualTo(writes);
        var logout = session(session, false, SessionProbe.Mode.WRITE, Optional.of(new RecordedRequest(14, true)));
        assertThat(logout.list()).as("a logout appends nothing").contains("3,7,12");
        assertThat(logout.serial()).isEqualTo(4);
    }

    @Test
    void aRequestWithoutTheHeaderTouchesNoList() {
        var session = new MapSession();
        assertThat(session(session, true, SessionProbe.Mode.WRITE, Optional.empty()).list()).isEmpty();
        assertThat(session(session, false, SessionProbe.Mode.WRITE, Optional.empty()).list()).isEmpty();
        assertThat(session.attributes).doesNotContainKey(RequestList.ATTRIBUTE);
        assertThat(session(session, false, SessionProbe.Mode.READ_ONLY, recorded(5)).list())
                .as("a session no recorded request wrote shows an empty list").contains("");
        assertThat(session(new MapSession(), true, SessionProbe.Mode.READ_ONLY, recorded(6)).list())
                .as("a read that made the session wrote nothing of the history's").contains("");
    }

    @Test
    void theListIsNoPartOfTheDigestNorOfTheDamage() {
        var recordedSession = new MapSession();
        var plain = new MapSession();
        for (int request = 1; request <= 5; request++) {
            var withList = session(recordedSession, request == 1, SessionProbe.Mode.WRITE, recorded(request * 10));
            var without = session(plain, request == 1, SessionProbe.Mode.WRITE, Optional.empty());
            assertThat(withList.digest()).as("request " + request).isEqualTo(without.digest());
            assertThat(withList.damaged()).as("request " + request + ": " + withList).isFalse();
        }
        assertThat(recordedSession.attributes).containsKey(RequestList.ATTRIBUTE);
        assertThat(StateDigest.of(recordedSession.attributes)).isEqualTo(StateDigest.of(plain.attributes));
    }

    @Test
    void theBeanAppendsOnIncrementAndOnlyShowsTheListOnPeek() {
        var session = new MapSession();
        var plain = new MapSession();
        ProbeOutcome first = BeanProbe.handle(session, "b1", true, BeanProbe.Operation.INCREMENT, recorded(1));
        BeanProbe.handle(plain, "b1", true, BeanProbe.Operation.INCREMENT, Optional.empty());
        ProbeOutcome second = BeanProbe.handle(session, "b1", false, BeanProbe.Operation.INCREMENT, recorded(2));
        ProbeOutcome unrecorded = BeanProbe.handle(plain, "b1", false, BeanProbe.Operation.INCREMENT,
                Optional.empty());
        ProbeOutcome peek = BeanProbe.handle(session, "b1", false, BeanProbe.Operation.PEEK, recorded(3));
        assertThat(List.of(first, second, peek)).allSatisfy(outcome -> assertThat(outcome)
                .isInstanceOf(ProbeOutcome.Answered.class));
        assertThat(((ProbeOutcome.Answered) first).list()).contains("1");
        assertThat(((ProbeOutcome.Answered) second).list()).contains("1,2");
        var peeked = (ProbeOutcome.Answered) peek;
        assertThat(peeked.list()).contains("1,2");
        assertThat(peeked.damaged()).as(peeked.toString()).isFalse();
        assertThat(((ProbeOutcome.Answered) second).digest()).isEqualTo(((ProbeOutcome.Answered) unrecorded).digest());
    }

    @Test
    void aListOfAnotherTypeMakesTheSessionUnreadable() {
        var session = new MapSession();
        session(session, true, SessionProbe.Mode.WRITE, recorded(1));
        session.attributes.put(RequestList.ATTRIBUTE, "1,2");
        assertThat(SessionProbe.handle(session, "h1", false, ProbeShape.DEFAULT, SessionProbe.Mode.WRITE,
                recorded(2))).isEqualTo(new ProbeOutcome.Unreadable(
                        "the attribute replsim.list is a java.lang.String, not a long[]"));
    }

    @Test
    void theHeaderTakesOneWholeNumberAndSaysSoOtherwise() {
        assertThat(RequestList.requestId(List.of())).isEmpty();
        assertThat(RequestList.requestId(List.of(" 12 "))).isEqualTo(OptionalLong.of(12));
        assertThatThrownBy(() -> RequestList.requestId(List.of("twelve"))).isInstanceOf(
                IllegalArgumentException.class).hasMessage("X-Replsim-Request is [twelve]; it takes one whole number,"
                        + " the request's id, which a writing request appends to the session's list");
        assertThatThrownBy(() -> RequestList.requestId(List.of("1", "2")))
                .hasMessageStartingWith("X-Replsim-Request is [1, 2]; it takes one whole number");
    }

    @Test
    void aServletRequestIsRecordedByItsHeaderAndALogoutByItsEnd() {
        assertThat(RecordedRequest.of(request(Map.of("X-Replsim-Request", "9"), Map.of())))
                .contains(new RecordedRequest(9, false));
        assertThat(RecordedRequest.of(request(Map.of("X-Replsim-Request", "9"), Map.of("end", ""))))
                .contains(new RecordedRequest(9, true));
        assertThat(RecordedRequest.of(request(Map.of(), Map.of("end", "")))).isEmpty();
        assertThatThrownBy(() -> RecordedRequest.of(request(Map.of("X-Replsim-Request", "x"), Map.of())))
                .hasMessageStartingWith("X-Replsim-Request is [x]");
    }

    /** A servlet request of these headers and parameters, nothing else asked of it. */
    private static HttpServletRequest request(Map<String, String> headers, Map<String, String> parameters) {
        return (HttpServletRequest) Proxy.newProxyInstance(RequestListTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, arguments) -> switch (method.getName()) {
                    case "getHeaders" -> Collections.enumeration(headers.containsKey((String) arguments[0])
                            ? List.of(headers.get((String) arguments[0])) : List.<String>of());
                    case "getParameter" -> parameters.get((String) arguments[0]);
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
