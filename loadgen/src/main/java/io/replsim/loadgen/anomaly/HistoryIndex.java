package io.replsim.loadgen.anomaly;

import io.replsim.loadgen.history.Answer;
import io.replsim.loadgen.history.HistoryRequest;
import io.replsim.loadgen.history.Operation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A history arranged for the checks: who appended each element, the reads that can be judged (acknowledged, with a
 * list whose every element some request of the history appended) in the order they were sent, the first read that
 * showed each element, and when each session ended.
 *
 * <p>A session ends at the send of its first logout, whatever that logout's outcome, or of the first request the
 * node answered that the session had expired: from then on a read may find the session's state gone without any
 * write of it being lost, so reads after the end are left to {@link InvalidatedSessions}.
 */
final class HistoryIndex {

    static final Comparator<HistoryRequest> BY_SEND = Comparator.comparingLong(HistoryRequest::invokeMicros)
            .thenComparingLong(HistoryRequest::id);

    private final List<HistoryRequest> requests;
    private final Map<Long, HistoryRequest> writerOf = new HashMap<>();
    private final List<HistoryRequest> judgedReads = new ArrayList<>();
    private final List<Unjudged> unjudged = new ArrayList<>();
    private final Map<Long, HistoryRequest> firstReadOf = new HashMap<>();
    private final Map<String, Long> endOf = new HashMap<>();
    private final Map<String, List<HistoryRequest>> readsWhileAlive = new HashMap<>();
    private final Map<String, List<HistoryRequest>> readsSentWith = new HashMap<>();

    HistoryIndex(List<HistoryRequest> history) {
        requests = history.stream().sorted(BY_SEND).toList();
        for (HistoryRequest request : requests) {
            request.appended().ifPresent(element -> writerOf.put(element, request));
            if (ends(request)) {
                request.sentSession().ifPresent(session -> endOf.putIfAbsent(session, request.invokeMicros()));
            }
        }
        for (HistoryRequest request : requests) {
            if (request.acknowledged() && !(request.operation() instanceof Operation.Logout)) {
                judgeable(request).ifPresentOrElse(why -> unjudged.add(new Unjudged(request, why)),
                        () -> judgedReads.add(request));
            }
        }
        for (HistoryRequest read : judgedReads) {
            read.read().orElseThrow().forEach(element -> firstReadOf.putIfAbsent(element, read));
            read.sentSession().ifPresent(sent ->
                    readsSentWith.computeIfAbsent(sent, with -> new ArrayList<>()).add(read));
            String session = read.readSession().orElseThrow();
            if (read.invokeMicros() < endOf.getOrDefault(session, Long.MAX_VALUE)
                    && !read.answer().orElseThrow().sentSessionExpired()) {
                readsWhileAlive.computeIfAbsent(session, alive -> new ArrayList<>()).add(read);
            }
        }
    }

    private static boolean ends(HistoryRequest request) {
        return request.operation() instanceof Operation.Logout
                || request.answer().map(Answer::sentSessionExpired).orElse(false);
    }

    /** Why the request's answer cannot be judged; empty when it can. */
    private Optional<String> judgeable(HistoryRequest request) {
        Optional<List<Long>> list = request.read();
        if (list.isEmpty()) {
            return Optional.of("its answer carried no list to read");
        }
        return list.get().stream().filter(element -> !writerOf.containsKey(element)).findFirst()
                .map(element -> "it read " + element + ", which no request of the history appended");
    }

    /** Every request, in the order they were sent. */
    List<HistoryRequest> requests() {
        return requests;
    }

    /** The acknowledged requests whose answers can be judged, in the order they were sent. */
    List<HistoryRequest> judgedReads() {
        return judgedReads;
    }

    List<Unjudged> unjudged() {
        return unjudged;
    }

    /** The request that appended {@code element}; every element of a judged read has one. */
    HistoryRequest writerOf(long element) {
        return writerOf.get(element);
    }

    /** The first judged read, by send, that showed {@code element}. */
    Optional<HistoryRequest> firstReadOf(long element) {
        return Optional.ofNullable(firstReadOf.get(element));
    }

    /** The judged reads of {@code session} sent before it ended and not answered that it expired, in send order. */
    List<HistoryRequest> readsWhileAlive(String session) {
        return readsWhileAlive.getOrDefault(session, List.of());
    }

    /** The judged reads whose requests carried {@code session}, in send order, whether it lived or not. */
    List<HistoryRequest> readsSentWith(String session) {
        return readsSentWith.getOrDefault(session, List.of());
    }

    /** Every session that has judged reads while it lived. */
    Iterable<String> sessions() {
        return readsWhileAlive.keySet();
    }

    /** Every acknowledged append that a read of its session followed, in send order. */
    List<FollowedWrite> followedWrites() {
        return requests.stream().filter(write -> write.acknowledged() && write.appended().isPresent())
                .map(write -> new FollowedWrite(write, write.appended().getAsLong(), readsAfter(write)))
                .filter(followed -> !followed.later().isEmpty()).toList();
    }

    /** The judged reads of {@code write}'s session sent after it was acknowledged, while the session lived. */
    List<HistoryRequest> readsAfter(HistoryRequest write) {
        List<HistoryRequest> reads = write.writeSession().map(this::readsWhileAlive).orElse(List.of());
        int low = 0;
        int high = reads.size();
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (reads.get(middle).after(write)) {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        return reads.subList(low, reads.size());
    }

    static boolean holds(HistoryRequest read, long element) {
        return read.read().orElseThrow().contains(element);
    }
}
