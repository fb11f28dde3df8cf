package io.replsim.scenario.spec;

import java.util.Objects;

/**
 * A fresh process for the node, with its name and ports, which joins the cluster again. A node still running is
 * killed first (a crash and restart); one a fault already ended is simply started.
 */
public record RestartSpec(Schedule schedule, NodeSelector target) implements FaultSpec {

    public RestartSpec {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(target, "target");
    }

    @Override
    public String type() {
        return "restart";
    }
}
