package io.replsim.scenario.fault;

/**
 * A fault as it happened: what, to which node, chosen how, and when (ms after the load started, and the wall
 * clock the nodes' view timestamps are compared with).
 */
public record FaultEvent(String type, String node, String target, long atMs, long epochMs) {}
