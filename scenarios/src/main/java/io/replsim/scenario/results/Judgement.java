package io.replsim.scenario.results;

/** A row's verdict and why: which figure decided it, and by which part of the rule. */
public record Judgement(Verdict verdict, String why) {
}
