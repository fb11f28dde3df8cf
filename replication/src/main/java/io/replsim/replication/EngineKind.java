package io.replsim.replication;

import io.replsim.settings.Labelled;

/**
 * What carries the sessions between members: replsim's own JGroups engine (JBoss AS 5 semantics: an owner, buddies,
 * data gravitation), or an embedded Infinispan cache (WildFly's way: REPL or DIST caches, entries placed by a
 * consistent hash). Both serve the same node API.
 */
public enum EngineKind implements Labelled {
    JGROUPS,
    INFINISPAN;
}
