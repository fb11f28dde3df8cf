package io.replsim.replication.infinispan;

import io.replsim.replication.transport.StackSpec;
import org.infinispan.remoting.transport.jgroups.JGroupsChannelConfigurator;
import org.jgroups.JChannel;
import org.jgroups.conf.ProtocolConfiguration;
import org.jgroups.util.SocketFactory;

import javax.sql.DataSource;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Hands Infinispan a channel on the project's own protocol stack (TCP + TCPPING or UDP + PING on loopback, or
 * SHARED_LOOPBACK in tests), built in code like the jgroups engine's, and keeps it so the node can read its traffic and put faults
 * into it. Infinispan copies a transport instance given in its configuration, so a configurator is the way in.
 */
final class StackChannelConfigurator implements JGroupsChannelConfigurator {
    private final StackSpec stack;
    private final AtomicReference<JChannel> created = new AtomicReference<>();

    StackChannelConfigurator(StackSpec stack) {
        this.stack = Objects.requireNonNull(stack, "stack");
    }

    @Override
    public String getName() {
        return "replsim-" + stack.getClass().getSimpleName();
    }

    @Override
    public JChannel createChannel(String name) throws Exception {
        var channel = new JChannel(stack.protocols()).name(name);
        // Infinispan sends its own messages: the transport's counters are the only place its traffic shows.
        channel.getProtocolStack().getTransport().enableStats(true);
        created.set(channel);
        return channel;
    }

    /** The channel Infinispan asked for, once it has. */
    Optional<JChannel> channel() {
        return Optional.ofNullable(created.get());
    }

    @Override
    public void setSocketFactory(SocketFactory socketFactory) {
        // The stack binds its own sockets to loopback; Infinispan's factory only names them.
    }

    @Override
    public void setDataSource(DataSource dataSource) {
        // Only JDBC_PING needs one; the stack discovers members with TCPPING, DNS_PING, PING or in-JVM.
    }

    @Override
    public String getProtocolStackString() {
        return stack.protocols().stream().map(protocol -> protocol.getClass().getSimpleName()).toList().toString();
    }

    @Override
    public List<ProtocolConfiguration> getProtocolStack() {
        return List.of();
    }
}
