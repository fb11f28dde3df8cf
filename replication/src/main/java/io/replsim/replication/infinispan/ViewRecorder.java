package io.replsim.replication.infinispan;

import io.replsim.replication.NodeId;
import io.replsim.replication.transport.MemberAddresses;
import io.replsim.replication.transport.ViewHistory;
import io.replsim.replication.transport.ViewRecord;
import org.infinispan.notifications.Listener;
import org.infinispan.notifications.cachemanagerlistener.annotation.Merged;
import org.infinispan.notifications.cachemanagerlistener.annotation.ViewChanged;
import org.infinispan.notifications.cachemanagerlistener.event.MergeEvent;
import org.infinispan.notifications.cachemanagerlistener.event.ViewChangedEvent;
import org.jgroups.JChannel;
import org.jgroups.View;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/** Records the JGroups views Infinispan's channel installs, as the jgroups engine's transport does for its own. */
@Listener(sync = true)
public final class ViewRecorder {
    private static final Logger log = LoggerFactory.getLogger(ViewRecorder.class);

    private final JChannel channel;
    private final ViewHistory views = new ViewHistory();

    ViewRecorder(JChannel channel) {
        this.channel = channel;
    }

    @ViewChanged
    public void viewChanged(ViewChangedEvent event) {
        record();
    }

    /**
     * A healed partition's view comes as a merge, which Infinispan reports to {@code @Merged} listeners only: without
     * this the members kept their split views after the merge.
     */
    @Merged
    public void merged(MergeEvent event) {
        record();
    }

    /** Records the channel's current view unless it is the one recorded last. */
    synchronized void record() {
        View view = channel.getView();
        if (view == null) {
            return;
        }
        String id = view.getViewId().toString();
        if (views.current().map(current -> current.id().equals(id)).orElse(false)) {
            return;
        }
        List<NodeId> members = view.getMembers().stream().map(MemberAddresses::nodeOf).toList();
        var record = new ViewRecord(id, members, System.currentTimeMillis());
        views.install(record);
        log.info("view changed: {}", record.describe());
    }

    ViewHistory views() {
        return views;
    }
}
