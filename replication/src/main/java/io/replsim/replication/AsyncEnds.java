package io.replsim.replication;

import io.replsim.settings.Labelled;

/**
 * How a session's end (a logout, an expiry) reaches the other members under async delivery. AWAITED (replsim's
 * default): the end is sent at once and the request waits until every member has dropped its copy, so an end the
 * owner acknowledged is never lost. QUEUED: the end joins each member's async queue behind the updates queued before
 * it and the request returns at once, as an async Infinispan cache's remove or Tomcat's DeltaManager with async sends
 * do; a crash loses the ends still queued, and a member keeps a copy of a session its owner ended.
 */
public enum AsyncEnds implements Labelled {
    AWAITED,
    QUEUED;
}
