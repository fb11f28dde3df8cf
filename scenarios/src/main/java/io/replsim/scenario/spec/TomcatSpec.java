package io.replsim.scenario.spec;

import java.util.Objects;

/** The Tomcat cluster a {@code cluster.runtime: tomcat} scenario starts: its session manager and replication. */
public record TomcatSpec(TomcatManager manager, TomcatReplication replication) {

    /** Tomcat's own defaults: DeltaManager, asynchronous (channelSendOptions 8). */
    public static final TomcatSpec DEFAULT = new TomcatSpec(TomcatManager.DELTA, TomcatReplication.ASYNC);

    public TomcatSpec {
        Objects.requireNonNull(manager, "manager");
        Objects.requireNonNull(replication, "replication");
    }

    /** As the report shows it: {@code delta/async}. */
    @Override
    public String toString() {
        return manager.label() + "/" + replication.label();
    }
}
