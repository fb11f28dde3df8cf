package io.replsim.loadgen.user;

import io.replsim.loadgen.exchange.ConnectionCount;
import io.replsim.loadgen.exchange.CounterClient;

import java.util.List;

/** Each user on a virtual thread of its own, blocking in its requests through one shared {@link CounterClient}. */
public final class ThreadPerUser implements UserCarrier {

    private final CounterClient client;

    public ThreadPerUser(CounterClient client) {
        this.client = client;
    }

    @Override
    public List<Thread> threadsFor(List<VirtualUser> users) {
        return users.stream().map(user -> Thread.ofVirtual().name("replsim-user-" + user.index())
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
