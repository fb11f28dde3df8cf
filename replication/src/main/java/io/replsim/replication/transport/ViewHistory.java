package io.replsim.replication.transport;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/** The views a node installed, newest last, bounded so a long run with a flapping member cannot grow it forever. */
public final class ViewHistory {
    static final int KEPT_VIEWS = 256;

    private final Deque<ViewRecord> views = new ArrayDeque<>();
    private long installed;

    public synchronized void install(ViewRecord view) {
        installed++;
        views.addLast(view);
        if (views.size() > KEPT_VIEWS) {
            views.removeFirst();
        }
    }

    /**
     * Stamps the merge view {@code id} settled at {@code atEpochMs}; a view no longer kept (or never installed) is
     * left alone.
     */
    public synchronized void settled(String id, long atEpochMs) {
        List<ViewRecord> kept = new ArrayList<>(views);
        views.clear();
        for (ViewRecord view : kept) {
            views.addLast(view.id().equals(id) && view.settledAtEpochMs() == null
                    ? new ViewRecord(view.id(), view.members(), view.installedAtEpochMs(), atEpochMs) : view);
        }
    }

    public synchronized Optional<ViewRecord> current() {
        return Optional.ofNullable(views.peekLast());
    }

    public synchronized List<ViewRecord> all() {
        return List.copyOf(views);
    }

    /** Every view installed since the start, the first one included and those no longer kept too. */
    public synchronized long installedCount() {
        return installed;
    }
}
