package io.replsim.scenario.facefixture;

import io.replsim.replication.session.SessionStore;

/** A scenarios class that names the node's session store: replication's host face, not scenarios' to use. */
public final class ScenarioReachingIntoTheStore {

    private ScenarioReachingIntoTheStore() {
    }

    public static String store() {
        return SessionStore.class.getSimpleName();
    }
}
