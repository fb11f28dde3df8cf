package io.replsim.replication.infinispan;

import io.replsim.replication.AsyncStats;
import io.replsim.replication.ClusterView;
import io.replsim.replication.NodeId;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.SessionId;
import io.replsim.replication.member.ReplicationCounters;
import io.replsim.replication.member.ReplicationEngine;
import io.replsim.replication.member.ReplicationStats;
import io.replsim.replication.marshalling.MessageMarshaller;
import io.replsim.replication.session.SessionCounts;
import io.replsim.replication.session.SessionRetention;
import io.replsim.replication.session.SessionStore;
import io.replsim.replication.session.SessionTracking;
import io.replsim.replication.transport.ChannelFaultPoint;
import io.replsim.replication.transport.FaultPoint;
import io.replsim.replication.transport.PeerRefusals;
import io.replsim.replication.transport.StackSpec;
import io.replsim.replication.transport.TransportStats;
import io.replsim.replication.transport.ViewHistory;
import io.replsim.replication.transport.ViewRecord;
import org.infinispan.AdvancedCache;
import org.infinispan.Cache;
import org.infinispan.manager.DefaultCacheManager;
import org.jgroups.JChannel;
import org.jgroups.protocols.MsgStats;

import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.LongAdder;

/**
 * One member on the infinispan engine: an embedded cache manager over the project's own JGroups stack, one sessions
 * cache configured by {@link InfinispanCacheFactory}, and the same {@link SessionStore} the jgroups engine serves
 * requests with, here releasing each session when its request ends because the cache is where sessions live.
 */
public final class InfinispanEngine implements ReplicationEngine {
    private final NodeId self;
    private final ReplicationSpec spec;
    private final JChannel channel;
    private final DefaultCacheManager manager;
    private final ViewRecorder views;
    private final SessionStore store;
    private final CacheSessions sessions;
    private final CacheMarshalling marshalling;
    private final ReplicationCounters counters;
    private final CacheOwnership ownership;
    private final LongAdder peersRefused = new LongAdder();

    private InfinispanEngine(NodeId self, ReplicationSpec spec, JChannel channel, DefaultCacheManager manager,
                           ViewRecorder views, SessionStore store, CacheSessions sessions,
                           CacheMarshalling marshalling, ReplicationCounters counters, CacheOwnership ownership) {
        this.self = self;
        this.spec = spec;
        this.channel = channel;
        this.manager = manager;
        this.views = views;
        this.store = store;
        this.sessions = sessions;
        this.marshalling = marshalling;
        this.counters = counters;
        // The stack is replsim's (StackChannelConfigurator), AUTH included: count the joins it refuses.
        PeerRefusals.report(channel, peersRefused::increment);
        this.ownership = ownership;
    }

    /**
     * Refuses a spec Infinispan cannot express, then starts the cache manager, joins the cluster and waits for the
     * sessions cache's initial state transfer (what this member must hold arrives before it serves requests).
     */
    public static InfinispanEngine start(NodeId self, String clusterName, StackSpec stack, ReplicationSpec spec)
            throws Exception {
        Objects.requireNonNull(spec, "spec");
        var configuration = InfinispanCacheFactory.cacheConfiguration(spec);
        var channels = new StackChannelConfigurator(stack);
        DefaultCacheManager manager = null;
        try {
            manager = new DefaultCacheManager(
                    InfinispanCacheFactory.globalConfiguration(self, clusterName, channels), false);
            manager.defineConfiguration(InfinispanCacheFactory.CACHE_NAME, configuration);
            manager.start();
            JChannel channel = channels.channel().orElseThrow(() ->
                    new IllegalStateException("Infinispan started without asking for the replsim channel"));
            var views = new ViewRecorder(channel);
            manager.addListenerAsync(views).toCompletableFuture().join();
            Cache<String, byte[]> cache = manager.getCache(InfinispanCacheFactory.CACHE_NAME);
            views.record();
            AdvancedCache<String, byte[]> advanced = cache.getAdvancedCache();
            var marshalling = new CacheMarshalling(MessageMarshaller.standard());
            var counters = new ReplicationCounters();
            var sessions = new CacheSessions(advanced, InfinispanCacheFactory.entriesFor(spec, marshalling),
                    counters);
            var store = new SessionStore(self, sessions, sessions,
                    new SessionTracking(spec.trigger(), spec.maxUnreplicatedInterval()), Clock.systemUTC(),
                    spec.syncTimeout().dividedBy(2), new LocalPrimaryIds(advanced),
                    SessionRetention.RELEASE_AFTER_REQUEST);
            return new InfinispanEngine(self, spec, channel, manager, views, store, sessions, marshalling, counters,
                    new CacheOwnership(advanced));
        } catch (Exception | Error e) {
            if (manager != null) {
                manager.stop();
            }
            channels.channel().ifPresent(JChannel::close);
            throw e;
        }
    }

    @Override
    public NodeId self() {
        return self;
    }

    @Override
    public ReplicationSpec spec() {
        return spec;
    }

    @Override
    public SessionStore store() {
        return store;
    }

    @Override
    public ClusterView view() {
        return views.views().current().map(ViewRecord::view)
                .orElseGet(() -> new ClusterView("[" + self + "|-]", List.of(self)));
    }

    @Override
    public ViewHistory views() {
        return views.views();
    }

    /**
     * Traffic is the JGroups transport's own count (Infinispan's commands, acks and state transfer, heartbeats
     * too): Infinispan sends its messages itself, so there is no per-replication message count to take, and none
     * goes over a direct stream.
     */
    @Override
    public ReplicationStats stats() {
        MsgStats wire = channel.getProtocolStack().getTransport().getMessageStats();
        var traffic = new TransportStats(wire.getNumMsgsSent(), wire.getNumBytesSent(), wire.getNumMsgsReceived(),
                wire.getNumBytesReceived(), marshalling.rejected(), marshalling.marshalled(),
                marshalling.marshalledBytes(), marshalling.marshalMicros(), marshalling.unmarshalMicros(), 0,
                peersRefused.sum());
        return new ReplicationStats(spec, traffic, counters.replications(), counters.failures(),
                counters.microsTotal(), counters.microsMax(), 0, 0, AsyncStats.NONE, sessions.remoteReads(), 0,
                counters.latency());
    }

    @Override
    public SessionCounts sessionCounts() {
        return ownership.counts();
    }

    /**
     * True once the sessions cache's topology holds exactly this member's view and no rebalance is moving entries:
     * from then on, who holds a session is what the consistent hash says.
     */
    public boolean ownershipSettled() {
        return ownership.settledOn(view().members().size());
    }

    @Override
    public boolean holdsCopy(SessionId id) {
        return ownership.holds(SessionKeys.session(id));
    }

    @Override
    public long backupBytes() {
        return ownership.backupBytes();
    }

    @Override
    public long heldBytes() {
        return ownership.heldBytes();
    }

    @Override
    public FaultPoint faultPoint() {
        return new ChannelFaultPoint(self, channel);
    }

    /**
     * Drops off the network at once, as a SIGKILL would, then releases what is left: the other members see a crash,
     * not a leave, and nothing is handed over. For in-JVM clusters, where a process cannot be killed.
     */
    public void halt() {
        channel.close();
        close();
    }

    /** Leaves gracefully: the cache hands this member's segments to the others before the channel closes. */
    @Override
    public void close() {
        try {
            manager.stop();
        } finally {
            channel.close();
        }
    }
}
