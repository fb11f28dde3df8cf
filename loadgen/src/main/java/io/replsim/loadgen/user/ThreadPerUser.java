package io.replsim.loadgen.user;

import io.replsim.loadgen.exchange.ConnectionCount;
import io.replsim.loadgen.exchange.BlockingClient;

import java.util.List;

/** Each user on a virtual thread of its own, blocking in its requests through one shared {@link BlockingClient}. */
public final class ThreadPerUser implements UserCarrier {

    private final BlockingClient client;

    public ThreadPerUser(BlockingClient client) {
        this.client = client;
    }

    @Override
    public List<Thread> threadsFor(List<VirtualUser> users) {
        return users.stream().map(user -> Thread.ofVirtual()
                .name("replsim-user-" + user.index() + (user.tab() == 0 ? "" : "-tab" + user.tab()))
                .unstarted(new UserThread(user, client))).toList();
    }

    @Override
    public ConnectionCount.Connections connections() {
        return client.connections();
    }

    @Override
    public void close() {
        client.close();
    }
}
