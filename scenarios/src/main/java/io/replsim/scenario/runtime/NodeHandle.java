package io.replsim.scenario.runtime;

import java.net.URI;

/** A node the runtime started: where its application and admin API answer. */
public record NodeHandle(String name, URI httpUri, URI adminUri) {}
