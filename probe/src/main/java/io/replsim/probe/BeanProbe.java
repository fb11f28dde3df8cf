package io.replsim.probe;

import java.util.Map;
import java.util.Optional;

/**
 * The {@code /bean} page's work (docs/interfaces.md §2e): {@code increment} (the default) counts one more and writes
 * the bean back with {@code setAttribute}; {@code peek} reads it and writes nothing, so nothing is replicated. A
 * session without a bean gets one with count 1. An {@code increment} of a recorded history also appends its id to the
 * session's list ({@link RequestList}).
 */
final class BeanProbe {
    static final String ATTRIBUTE = "bean";

    /** What the request does to the bean. */
    enum Operation { INCREMENT, PEEK }

    private BeanProbe() {
    }

    static ProbeOutcome handle(SessionView session, String id, boolean created, Operation operation) {
        return handle(session, id, created, operation, Optional.empty());
    }

    /** @param recorded the request of a recorded history it is, if it is one ({@link SessionProbe#handle}) */
    static ProbeOutcome handle(SessionView session, String id, boolean created, Operation operation,
                               Optional<RecordedRequest> recorded) {
        ProbeBean expectedFresh = ProbeBean.fresh(id);
        boolean writes = operation == Operation.INCREMENT;
        if (created) {
            session.set(ATTRIBUTE, expectedFresh);
            return answer(session, id, 1, true, Map.of(ATTRIBUTE, expectedFresh), recorded, writes);
        }
        Object stored = session.get(ATTRIBUTE);
        if (!(stored instanceof ProbeBean bean)) {
            return new ProbeOutcome.Unreadable(stored == null ? "no attribute bean"
                    : "the attribute bean is a " + stored.getClass().getName() + ", not the probe's bean");
        }
        Map<String, Object> before = session.attributes();
        ProbeBean next = writes ? bean.incremented() : bean;
        if (writes) {
            session.set(ATTRIBUTE, next);
        }
        Damage read;
        try {
            read = Damage.between(expectedAt(id, bean.count()), before);
        } catch (StateDigest.UnknownAttributeType e) {
            return new ProbeOutcome.Unreadable(e.getMessage());
        }
        ProbeOutcome outcome = answer(session, id, next.count(), false, expectedAt(id, next.count()), recorded, writes);
        return outcome instanceof ProbeOutcome.Answered answered
                ? new ProbeOutcome.Answered(answered.serial(), answered.digest(), false, read, answered.answered(),
                        answered.list())
                : outcome;
    }

    private static Map<String, Object> expectedAt(String id, long count) {
        return Map.of(ATTRIBUTE, new ProbeBean(ProbeBean.fresh(id).identity(), count));
    }

    private static ProbeOutcome answer(SessionView session, String id, long count, boolean created,
                                       Map<String, Object> expected, Optional<RecordedRequest> recorded,
                                       boolean wrote) {
        try {
            Optional<String> list = RequestList.record(session, recorded, wrote);
            Map<String, Object> after = session.attributes();
            return new ProbeOutcome.Answered(count, StateDigest.of(after), created, Damage.none(),
                    Damage.between(expected, after), list);
        } catch (StateDigest.UnknownAttributeType | RequestList.NotAList e) {
            return new ProbeOutcome.Unreadable(e.getMessage());
        }
    }
}
