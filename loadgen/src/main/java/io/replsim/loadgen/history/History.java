package io.replsim.loadgen.history;

import java.util.List;

/**
 * What a history file holds: its requests, and how many requests the driver recorded but dropped unwritten (its
 * writer fell behind and its queue was full). A dropped request is not judged; it never makes an anomaly: a read
 * holding a dropped append's element is not judged, and a dropped read proves nothing.
 */
public record History(List<HistoryRequest> requests, long dropped) {

    public History {
        requests = List.copyOf(requests);
        if (dropped < 0) {
            throw new IllegalArgumentException("dropped is " + dropped + "; it counts requests, from 0");
        }
    }
}
