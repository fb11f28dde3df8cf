package io.replsim.replication;

import io.replsim.settings.Labelled;

/**
 * What travels on a replication: the whole session (GlassFish's "full session" scope, JBoss's SESSION), or only
 * the attributes that are dirty plus removals and metadata (JBoss's ATTRIBUTE, GlassFish's "modified-attribute").
 */
public enum GranularityKind implements Labelled {
    SESSION,
    ATTRIBUTE;
}
