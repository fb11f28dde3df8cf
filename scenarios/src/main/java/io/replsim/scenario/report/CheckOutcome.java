package io.replsim.scenario.report;

/** One check of a scenario against the run: what was asked, what was measured, and whether it held. */
public record CheckOutcome(String check, String limit, String actual, boolean passed) {}
