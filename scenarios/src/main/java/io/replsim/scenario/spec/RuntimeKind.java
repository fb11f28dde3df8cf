package io.replsim.scenario.spec;

import io.replsim.settings.Labelled;

/** Where the nodes run: replsim's node JVMs on this machine's loopback or in containers, or Tomcat processes. */
public enum RuntimeKind implements Labelled {
    PROCESS,
    /** One container per node on a network made for the run, its CPU budget enforced as a quota. */
    DOCKER,
    /**
     * Embedded Apache Tomcat 11 processes clustered with SimpleTcpCluster on loopback, serving replsim-probe.war:
     * a real server's session replication under the same drill (docs/peers.md).
     */
    TOMCAT;
}
