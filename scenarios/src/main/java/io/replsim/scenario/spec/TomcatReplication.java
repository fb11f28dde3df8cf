package io.replsim.scenario.spec;

import io.replsim.loadgen.label.EnumLabels;

/**
 * When a Tomcat request's replication is done: {@code sync} waits for the members' acknowledgement that they
 * applied it (channelSendOptions 6, USE_ACK + SYNCHRONIZED_ACK), {@code async} queues it and answers (8, Tomcat's
 * default); replsim's {@code delivery}.
 */
public enum TomcatReplication {
    SYNC,
    ASYNC;

    public String label() {
        return EnumLabels.of(this);
    }

    public static TomcatReplication parse(String text) {
        return EnumLabels.parse(TomcatReplication.class, text, "replication");
    }
}
