package io.replsim.scenario.runtime;

import java.net.URI;

/** A node the runtime started: its name and where its application answers (its admin API: the runtime's admin()). */
public record NodeHandle(String name, URI httpUri) {}
