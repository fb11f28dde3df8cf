package io.replsim.tomcat;

import java.util.Map;
import org.apache.catalina.ha.ClusterManager;
import org.apache.catalina.ha.session.BackupManager;
import org.apache.catalina.ha.session.ClusterSessionListener;
import org.apache.catalina.ha.session.DeltaManager;
import org.apache.catalina.ha.session.JvmRouteBinderValve;
import org.apache.catalina.ha.tcp.ReplicationValve;
import org.apache.catalina.ha.tcp.SimpleTcpCluster;
import org.apache.catalina.tribes.Channel;
import org.apache.catalina.tribes.group.GroupChannel;
import org.apache.catalina.tribes.group.interceptors.MessageDispatchInterceptor;
import org.apache.catalina.tribes.group.interceptors.TcpFailureDetector;
import org.apache.catalina.tribes.membership.StaticMember;
import org.apache.catalina.tribes.membership.StaticMembershipService;
import org.apache.catalina.tribes.transport.ReplicationTransmitter;
import org.apache.catalina.tribes.transport.nio.NioReceiver;
import org.apache.catalina.tribes.transport.nio.PooledParallelSender;

/**
 * The SimpleTcpCluster of one member, as Tomcat's cluster-howto builds it in server.xml, but with static
 * membership on loopback instead of multicast (which CI machines do not carry): every member named with its Tribes
 * port, a member found dead by a failed send (TcpFailureDetector) or a missed ping; JvmRouteBinderValve so a session
 * failed over to this member takes its route; DeltaManager or BackupManager; synchronous or asynchronous sends.
 */
final class TribesCluster {
    /** Pings between the static members: how soon a frozen member is noticed (with {@link #EXPIRATION_MS}). */
    private static final long PING_INTERVAL_MS = 1_000;
    private static final long EXPIRATION_MS = 5_000;
    private static final int CONNECT_TIMEOUT_MS = 500;

    private TribesCluster() {
    }

    static SimpleTcpCluster of(TomcatNodeArguments args) {
        int sendOptions = sendOptions(args.replication());
        SimpleTcpCluster cluster = new SimpleTcpCluster();
        cluster.setChannelSendOptions(sendOptions);
        cluster.setManagerTemplate(manager(args, sendOptions));

        GroupChannel channel = new GroupChannel();
        StaticMembershipService membership = new StaticMembershipService();
        membership.setLocalMember(member(args.bind(), args.name(), args.members()));
        for (String other : args.members().keySet()) {
            if (!other.equals(args.name())) {
                membership.addStaticMember(member(args.bind(), other, args.members()));
            }
        }
        membership.setUseThread(true);
        membership.setPingInterval(PING_INTERVAL_MS);
        membership.setExpirationTime(EXPIRATION_MS);
        membership.setConnectTimeout(CONNECT_TIMEOUT_MS);
        channel.setMembershipService(membership);

        NioReceiver receiver = new NioReceiver();
        receiver.setAddress(args.bind());
        receiver.setPort(args.tribesPort());
        // the others know this member by its port: bind that one or fail, never the next free one
        receiver.setAutoBind(1);
        channel.setChannelReceiver(receiver);
        ReplicationTransmitter sender = new ReplicationTransmitter();
        sender.setTransport(new PooledParallelSender());
        channel.setChannelSender(sender);
        channel.addInterceptor(new TcpFailureDetector());
        channel.addInterceptor(new MessageDispatchInterceptor());
        cluster.setChannel(channel);

        cluster.addValve(new JvmRouteBinderValve());
        cluster.addValve(new ReplicationValve());
        if (args.manager() == TomcatNodeArguments.Manager.DELTA) {
            cluster.addClusterListener(new ClusterSessionListener());
        }
        return cluster;
    }

    static int sendOptions(TomcatNodeArguments.Replication replication) {
        return replication == TomcatNodeArguments.Replication.SYNC
                ? Channel.SEND_OPTIONS_USE_ACK | Channel.SEND_OPTIONS_SYNCHRONIZED_ACK
                : Channel.SEND_OPTIONS_ASYNCHRONOUS;
    }

    private static ClusterManager manager(TomcatNodeArguments args, int sendOptions) {
        return switch (args.manager()) {
            case DELTA -> {
                DeltaManager delta = new DeltaManager();
                delta.setExpireSessionsOnShutdown(false);
                delta.setNotifyListenersOnReplication(true);
                yield delta;
            }
            case BACKUP -> {
                BackupManager backup = new BackupManager();
                backup.setMapSendOptions(sendOptions);
                backup.setNotifyListenersOnReplication(true);
                yield backup;
            }
        };
    }

    /**
     * A static member: its host and Tribes port, and a unique id from its name, the same on every member (the
     * membership tells members apart by host, port and id).
     */
    private static StaticMember member(String bind, String name, Map<String, Integer> members) {
        StaticMember member = new StaticMember();
        member.setHost(bind);
        member.setPort(members.get(name));
        byte[] id = java.util.Arrays.copyOf(name.getBytes(java.nio.charset.StandardCharsets.UTF_8), 16);
        StringBuilder text = new StringBuilder("{");
        for (int i = 0; i < id.length; i++) {
            text.append(i == 0 ? "" : ",").append(id[i]);
        }
        member.setUniqueId(text.append('}').toString());
        return member;
    }
}
