package io.replsim.loadgen.history;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A history in the form Elle's list-append checker reads (EDN, one operation a line, in real-time order): each
 * request is an {@code :invoke} at its send and an {@code :ok}, or an {@code :info} when it failed or timed out (its
 * write may have happened), at its end; at the same microsecond sends come before ends, so nothing is ordered that
 * was not. A session is a key, a request's element is what it appends; an append is the transaction
 * {@code [[:append key element] [:r key list]]} (the apps answer with the list after the append), a read
 * {@code [[:r key list]]}. Each tab of each user is a process, and a process that got an {@code :info} continues as
 * a new one, as Elle requires. Elle has no invalidation: logouts are left out (the replsim checker judges those), and
 * a session created in answer to another is a new key.
 */
public final class ElleHistory {

    private ElleHistory() {
    }

    public static void write(List<HistoryRequest> history, Writer out) throws IOException {
        Map<Long, String> keyOfElement = keysOfShownElements(history);
        List<Event> events = new ArrayList<>();
        for (HistoryRequest request : history) {
            boolean logout = request.operation() instanceof Operation.Logout;
            if (!logout && (reads(request) || request.appended().isPresent())) {
                key(request, keyOfElement).ifPresent(key -> {
                    events.add(new Event(request.invokeMicros(), 0, request, key));
                    events.add(new Event(request.completeMicros(), 1, request, key));
                });
            }
        }
        events.sort(Comparator.comparingLong(Event::micros).thenComparingInt(Event::end)
                .thenComparingLong(event -> event.request().id()));
        Processes processes = new Processes();
        long start = events.isEmpty() ? 0 : events.getFirst().micros();
        int index = 0;
        for (Event event : events) {
            HistoryRequest request = event.request();
            boolean end = event.end() == 1;
            String type = !end ? ":invoke" : request.acknowledged() ? ":ok" : ":info";
            out.write("{:index " + index++ + ", :type " + type + ", :process " + processes.of(request, end)
                    + ", :time " + (event.micros() - start) * 1000 + ", :f :txn, :value "
                    + transaction(request, event.key(), end && request.acknowledged()) + "}\n");
        }
    }

    /**
     * The session a request read or wrote: an acknowledged one's answering session; an unanswered one's sent session,
     * else the session whose reads showed its element; empty when it had none and nothing showed its write.
     */
    private static Optional<String> key(HistoryRequest request, Map<Long, String> keyOfElement) {
        if (request.answer().isPresent()) {
            return Optional.of(request.answer().get().session());
        }
        return request.sentSession().or(() -> request.appended().isPresent()
                ? Optional.ofNullable(keyOfElement.get(request.appended().getAsLong())) : Optional.empty());
    }

    private static Map<Long, String> keysOfShownElements(List<HistoryRequest> history) {
        Map<Long, String> keys = new HashMap<>();
        for (HistoryRequest request : history) {
            request.read().ifPresent(list -> list.forEach(element ->
                    keys.putIfAbsent(element, request.answer().orElseThrow().session())));
        }
        return keys;
    }

    /** Whether its transaction has a read: not when it was acknowledged with an answer that showed no list. */
    private static boolean reads(HistoryRequest request) {
        return !request.acknowledged() || request.read().isPresent();
    }

    /** The micro-operations; an invoke's and an indeterminate end's reads are {@code nil}: nothing was read. */
    private static String transaction(HistoryRequest request, String key, boolean withRead) {
        String quoted = quoted(key);
        List<String> operations = new ArrayList<>();
        request.appended().ifPresent(element -> operations.add("[:append " + quoted + " " + element + "]"));
        if (reads(request)) {
            operations.add("[:r " + quoted + " " + (withRead ? vector(request.read().orElseThrow()) : "nil") + "]");
        }
        return "[" + String.join(" ", operations) + "]";
    }

    private static String vector(List<Long> list) {
        return list.stream().map(String::valueOf).collect(Collectors.joining(" ", "[", "]"));
    }

    private static String quoted(String text) {
        return "\"" + text.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** A send ({@code end} 0) or an end (1) of a request, at {@code micros}, on {@code key}. */
    private record Event(long micros, int end, HistoryRequest request, String key) {
    }

    /**
     * Elle's process of each user's tab, which runs one operation at a time: a tab whose request ended {@code :info}
     * goes on as a new process, and a request sent while its tab's process is busy (requests fired at once) gets one
     * of its own.
     */
    private static final class Processes {
        private final Map<String, Integer> current = new HashMap<>();
        private final Map<Long, Integer> ofRequest = new HashMap<>();
        private final Set<Integer> busy = new HashSet<>();
        private int next;

        int of(HistoryRequest request, boolean end) {
            String tab = request.user() + "/" + request.tab();
            if (end) {
                int process = ofRequest.remove(request.id());
                busy.remove(process);
                if (request.outcome().indeterminate()) {
                    current.remove(tab, process);
                }
                return process;
            }
            Integer process = current.get(tab);
            if (process == null || busy.contains(process)) {
                process = next++;
                current.put(tab, process);
            }
            busy.add(process);
            ofRequest.put(request.id(), process);
            return process;
        }
    }
}
