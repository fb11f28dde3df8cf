package io.replsim.scenario.spec;

import io.replsim.settings.Labelled;

/**
 * When a Tomcat request's replication is done: {@code sync} waits for the members' acknowledgement that they
 * applied it (channelSendOptions 6, USE_ACK + SYNCHRONIZED_ACK), {@code async} queues it and answers (8, Tomcat's
 * default); replsim's {@code delivery}.
 */
public enum TomcatReplication implements Labelled {
    SYNC,
    ASYNC;
}
