package io.replsim.scenario.spec;

import io.replsim.loadgen.check.state.SessionShapes;
import io.replsim.loadgen.open.OpenProfile;
import io.replsim.loadgen.profile.LoadProfile;
import io.replsim.loadgen.route.Balancer;
import io.replsim.loadgen.script.UserScript;
import io.replsim.loadgen.script.WeightedRequest;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A scenario's load section, read and checked through {@link LoadSettings}. The load runs in three explicit phases:
 * ramp-up (users start), warm-up (load, not judged), then the steady window up to the end of the duration, which the
 * validity checks and the capacity search use.
 *
 * @param profile what the driver runs against the workload's app: the closed model's users, their pauses and
 *                connections; for the open model its sessions, warm-up, duration and request timeout
 * @param open    present for {@code model: open}: requests arrive at a rate instead of from users, and the profile's
 *                users are the open model's sessions
 * @param history whether the driver records every request in the run directory's history.jsonl, which the
 *                consistency checker judges at the end of the run (docs/drills.md, "Session consistency"); off by
 *                default: a line is about 200 bytes, a capacity step tens of MB
 */
public record LoadSpec(LoadProfile profile, Optional<OpenModel> open, boolean history) {

    public LoadSpec {
        Objects.requireNonNull(profile, "profile");
        Objects.requireNonNull(open, "open");
        if (!profile.steady().isPositive()) {
            throw new IllegalArgumentException("a load leaves a steady window after its ramp-up and warm-up, got"
                    + " rampUp " + profile.rampUp() + ", warmUp " + profile.warmUp() + ", duration "
                    + profile.duration());
        }
    }

    /** The closed model's users; the open model's sessions. */
    public int users() {
        return profile.users();
    }

    /** The whole load, ramp-up and warm-up included. */
    public Duration duration() {
        return profile.duration();
    }

    public Duration rampUp() {
        return profile.rampUp();
    }

    public Duration warmUp() {
        return profile.warmUp();
    }

    public Duration requestTimeout() {
        return profile.requestTimeout();
    }

    /** The mean pause the scenario states. */
    public Duration thinkTime() {
        return ThinkDistribution.statedMean(profile.thinkTime());
    }

    public ThinkDistribution thinkDistribution() {
        return ThinkDistribution.of(profile.thinkTime());
    }

    /** The request types each user draws from by weight; empty: every request goes to the workload's app. */
    public List<WeightedRequest> script() {
        return profile.script().map(UserScript::requests).orElse(List.of());
    }

    public boolean isOpen() {
        return open.isPresent();
    }

    /** From the start of the load to the steady window's start. */
    public Duration steadyStart() {
        return profile.steadyStart();
    }

    /** The steady window's length. */
    public Duration steady() {
        return profile.steady();
    }

    /** The same load with another number of users: one step of a capacity search. */
    public LoadSpec withUsers(int count) {
        return new LoadSpec(profile.toBuilder().users(count).build(), open, history);
    }

    /** The same open load with arrivals at {@code perSecond}: one step of a capacity search over the rate. */
    public LoadSpec withRate(double perSecond) {
        OpenModel model = open.orElseThrow(() -> new IllegalStateException("a closed-model load has no rate"));
        return new LoadSpec(profile, Optional.of(new OpenModel(model.arrivals(), perSecond, model.sessions())),
                history);
    }

    /**
     * The same load with a steady window of {@code window}: its ramp-up and warm-up as they are, its duration moved
     * to fit. A capacity search's boundary steps run longer windows than its other steps.
     */
    public LoadSpec withSteadyWindow(Duration window) {
        if (!window.isPositive()) {
            throw new IllegalArgumentException("a steady window is longer than 0, got " + window);
        }
        return new LoadSpec(profile.toBuilder().duration(steadyStart().plus(window)).build(), open, history);
    }

    /**
     * The same load with {@code more} driven but unjudged load after its warm-up, its steady window as long as it
     * was: a capacity step that kills a node after that much of its load on the full cluster, judged from the kill.
     */
    public LoadSpec withLaterSteadyWindow(Duration more) {
        Duration window = steady();
        return new LoadSpec(profile.toBuilder().warmUp(profile.warmUp().plus(more))
                .duration(steadyStart().plus(more).plus(window)).build(), open, history);
    }

    /** The same load behind {@code router}'s kind of balancer. */
    public LoadSpec withBalancer(Balancer router) {
        return new LoadSpec(profile.toBuilder().balancer(router).build(), open, history);
    }

    /** What the driver runs for this load against the app at {@code path}. */
    public LoadProfile toProfile(String path) {
        return profile.toBuilder().path(path).build();
    }

    /** What the open-model driver runs for this load against the app at {@code path}; only for {@code model: open}. */
    public OpenProfile toOpenProfile(String path) {
        return toOpenProfile(path, SessionShapes.DEFAULT);
    }

    /** The same, against nodes whose apps are configured as {@code shapes} says. */
    public OpenProfile toOpenProfile(String path, SessionShapes shapes) {
        OpenModel model = open.orElseThrow(() -> new IllegalStateException("a closed-model load has no open profile"));
        return new OpenProfile(model.arrivals().at(model.ratePerSecond()), model.sessions(), profile.warmUp(),
                profile.duration(), profile.requestTimeout(), path, shapes);
    }
}
