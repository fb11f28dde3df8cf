package io.replsim.probe;

import java.util.Map;

/**
 * The {@code /bean} page's work (docs/interfaces.md §2e): {@code increment} (the default) counts one more and writes
 * the bean back with {@code setAttribute}; {@code peek} reads it and writes nothing, so nothing is replicated. A
 * session without a bean gets one with count 1.
 */
final class BeanProbe {
    static final String ATTRIBUTE = "bean";

    /** What the request does to the bean. */
    enum Operation { INCREMENT, PEEK }

    private BeanProbe() {
    }

    static ProbeOutcome handle(SessionView session, String id, boolean created, Operation operation) {
        ProbeBean expectedFresh = ProbeBean.fresh(id);
        if (created) {
            session.set(ATTRIBUTE, expectedFresh);
            return answer(session, id, 1, true, Map.of(ATTRIBUTE, expectedFresh));
        }
        Object stored = session.get(ATTRIBUTE);
        if (!(stored instanceof ProbeBean bean)) {
            return new ProbeOutcome.Unreadable(stored == null ? "no attribute bean"
                    : "the attribute bean is a " + stored.getClass().getName() + ", not the probe's bean");
        }
        Map<String, Object> before = session.attributes();
        ProbeBean next = operation == Operation.INCREMENT ? bean.incremented() : bean;
        if (operation == Operation.INCREMENT) {
            session.set(ATTRIBUTE, next);
        }
        Damage read;
        try {
            read = Damage.between(expectedAt(id, bean.count()), before);
        } catch (StateDigest.UnknownAttributeType e) {
            return new ProbeOutcome.Unreadable(e.getMessage());
        }
        ProbeOutcome outcome = answer(session, id, next.count(), false, expectedAt(id, next.count()));
        return outcome instanceof ProbeOutcome.Answered answered
                ? new ProbeOutcome.Answered(answered.serial(), answered.digest(), false, read, answered.answered())
                : outcome;
    }

    private static Map<String, Object> expectedAt(String id, long count) {
        return Map.of(ATTRIBUTE, new ProbeBean(ProbeBean.fresh(id).identity(), count));
    }

    private static ProbeOutcome answer(SessionView session, String id, long count, boolean created,
                                       Map<String, Object> expected) {
        Map<String, Object> after = session.attributes();
        try {
            return new ProbeOutcome.Answered(count, StateDigest.of(after), created, Damage.none(),
                    Damage.between(expected, after));
        } catch (StateDigest.UnknownAttributeType e) {
            return new ProbeOutcome.Unreadable(e.getMessage());
        }
    }
}
