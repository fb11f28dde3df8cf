package io.replsim.loadgen.anomaly;

import io.replsim.loadgen.history.HistoryRequest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A user's read of a session that lacks elements a read of the same user showed, which ended before it was sent
 * (reads that overlap may see each other's writes in either order). One anomaly per read that lacks what an earlier
 * one held, proved by that earlier read; an element it lacked counts again only once a later read shows it again.
 *
 * <p>The user's own writes acknowledged before the read was sent are left out: a read lacking one of those is a
 * lost update or a read-your-writes violation already, and one missing element is named once. What remains are the
 * elements of other requests: writes still in flight, and writes whose outcome the user never learnt.
 */
final class MonotonicReads implements AnomalyCheck {

    @Override
    public List<Anomaly> find(HistoryIndex history) {
        List<Anomaly> found = new ArrayList<>();
        for (String session : history.sessions()) {
            Map<Integer, List<HistoryRequest>> byUser = history.readsWhileAlive(session).stream()
                    .collect(Collectors.groupingBy(HistoryRequest::user, LinkedHashMap::new, Collectors.toList()));
            byUser.values().forEach(reads -> found.addAll(inOrder(reads, session, history)));
        }
        return found;
    }

    /** {@code reads} of {@code session}, in send order. */
    private static List<Anomaly> inOrder(List<HistoryRequest> reads, String session, HistoryIndex history) {
        List<HistoryRequest> byEnd = reads.stream().sorted(Comparator.comparingLong(HistoryRequest::completeMicros))
                .toList();
        Map<Long, HistoryRequest> seen = new LinkedHashMap<>();
        List<Anomaly> found = new ArrayList<>();
        int ended = 0;
        for (HistoryRequest read : reads) {
            while (ended < byEnd.size() && read.after(byEnd.get(ended))) {
                HistoryRequest done = byEnd.get(ended++);
                done.read().orElseThrow().forEach(element -> seen.putIfAbsent(element, done));
            }
            Set<Long> shown = new HashSet<>(read.read().orElseThrow());
            List<Long> missing = seen.keySet().stream().filter(element -> !shown.contains(element))
                    .filter(element -> !ownAcknowledgedBefore(history.writerOf(element), read, session)).toList();
            if (!missing.isEmpty()) {
                HistoryRequest earlier = seen.get(missing.getFirst());
                List<Long> itHeld = missing.stream().filter(element -> seen.get(element) == earlier).toList();
                found.add(new Anomaly.NonMonotonicRead(earlier, read, itHeld));
                missing.forEach(seen::remove);
            }
        }
        return found;
    }

    private static boolean ownAcknowledgedBefore(HistoryRequest write, HistoryRequest read, String session) {
        return write.acknowledged() && write.user() == read.user() && read.after(write)
                && write.writeSession().orElseThrow().equals(session);
    }
}
