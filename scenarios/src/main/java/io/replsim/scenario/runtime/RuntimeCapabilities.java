package io.replsim.scenario.runtime;

import io.replsim.scenario.spec.ScenarioSpec;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * What one runtime cannot do, declared once: each capability it lacks with why and where it can be done instead,
 * and the refusals only this runtime's own shape makes (its {@link ScenarioFit}, e.g. a target's node count). Every
 * refusal of a scenario follows from this declaration by one rule: the scenario needs a capability the runtime
 * lacks.
 *
 * @param runtime the runtime as a refusal names it: {@code in-jvm}, {@code tomcat}, {@code --target}
 */
public record RuntimeCapabilities(String runtime, List<Lack> lacks, ScenarioFit fit) {

    /**
     * A capability the runtime lacks: {@code why} it cannot, and {@code elsewhere}, where the user can have it (run
     * it on node processes, give --kill-command).
     */
    public record Lack(RuntimeCapability capability, String why, String elsewhere) {
        public Lack {
            Objects.requireNonNull(capability, "capability");
            Objects.requireNonNull(why, "why");
            Objects.requireNonNull(elsewhere, "elsewhere");
        }
    }

    /** The refusals a runtime's own shape makes of a scenario, beyond its capabilities; empty when it fits. */
    @FunctionalInterface
    public interface ScenarioFit {
        ScenarioFit ANY = spec -> List.of();

        List<SpecRefusal> refusals(ScenarioSpec spec);
    }

    public RuntimeCapabilities {
        Objects.requireNonNull(runtime, "runtime");
        lacks = List.copyOf(lacks);
        Objects.requireNonNull(fit, "fit");
        Set<RuntimeCapability> seen = EnumSet.noneOf(RuntimeCapability.class);
        for (Lack lack : lacks) {
            if (!seen.add(lack.capability())) {
                throw new IllegalArgumentException(runtime + " declares " + lack.capability() + " lacking twice");
            }
        }
    }

    /** A runtime that can do everything a scenario asks: replsim's own node processes and containers. */
    public static RuntimeCapabilities everything(String runtime) {
        return new RuntimeCapabilities(runtime, List.of(), ScenarioFit.ANY);
    }

    public boolean has(RuntimeCapability capability) {
        return lacks.stream().noneMatch(lack -> lack.capability() == capability);
    }

    /** Every part of {@code spec} this runtime cannot play, in the order of the file; empty when it can. */
    public List<SpecRefusal> refusals(ScenarioSpec spec) {
        List<SpecRefusal> refusals = new ArrayList<>(fit.refusals(spec));
        refusals.addAll(refusalsOf(ScenarioNeeds.of(spec)));
        return List.copyOf(refusals);
    }

    /** The needs this runtime lacks the capability for, one refusal each, in the order given. */
    public List<SpecRefusal> refusalsOf(List<CapabilityNeed> needs) {
        List<SpecRefusal> refusals = new ArrayList<>();
        for (CapabilityNeed need : needs) {
            lacks.stream().filter(lack -> lack.capability() == need.capability()).findFirst().ifPresent(lack ->
                    refusals.add(new SpecRefusal(need.path(), need.what() + " needs "
                            + need.capability().description() + ", and runtime " + runtime + " cannot: "
                            + lack.why(), need.instead() + ", or " + lack.elsewhere())));
        }
        return List.copyOf(refusals);
    }
}
