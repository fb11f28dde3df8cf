package io.replsim.scenario.spec;

import io.replsim.settings.Labelled;

/** Which Tomcat session manager a {@code cluster.runtime: tomcat} cluster runs (Tomcat's cluster-howto). */
public enum TomcatManager implements Labelled {
    /** DeltaManager: every member holds every session; each request's changes go to all (replsim's placement all). */
    DELTA,
    /** BackupManager: one backup member per session, known to all through a replicated map (buddies: 1). */
    BACKUP;
}
