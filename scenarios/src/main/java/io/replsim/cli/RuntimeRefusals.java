package io.replsim.cli;

import io.replsim.scenario.external.ExternalCapabilities;
import io.replsim.scenario.external.ExternalTarget;
import io.replsim.scenario.runtime.DockerRuntime;
import io.replsim.scenario.runtime.ProcessRuntime;
import io.replsim.scenario.runtime.RuntimeCapabilities;
import io.replsim.scenario.runtime.SpecRefusal;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.tomcat.TomcatCapabilities;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What the runtime a command would play a scenario on refuses of it: the cluster named with {@code --target}, else
 * the file's {@code cluster.runtime}. {@code run} and {@code validate} print the same list, so a file that validates
 * on a runtime also runs on it.
 */
record RuntimeRefusals(String runtime, List<SpecRefusal> refusals) {

    /** @throws IllegalArgumentException when {@code --target} is given for a scenario whose runtime is tomcat */
    static RuntimeRefusals of(ScenarioSpec spec, Optional<ExternalTarget> target, Path file) {
        if (target.isPresent() && spec.tomcat().isPresent()) {
            throw new IllegalArgumentException("--target drives a cluster you run; " + file + " has cluster.runtime"
                    + " tomcat, whose Tomcat members replsim starts itself: give one of them");
        }
        RuntimeCapabilities runtime = target.map(ExternalCapabilities::of).orElseGet(() ->
                switch (spec.cluster().runtime()) {
                    case PROCESS -> ProcessRuntime.CAPABILITIES;
                    case DOCKER -> DockerRuntime.CAPABILITIES;
                    case TOMCAT -> TomcatCapabilities.OF_TOMCAT;
                });
        return new RuntimeRefusals(runtime.runtime(), runtime.refusals(spec));
    }

    RuntimeRefusals {
        refusals = List.copyOf(refusals);
    }

    boolean any() {
        return !refusals.isEmpty();
    }

    /** On standard error, a line for each refusal that starts with the file, as a compiler's errors do. */
    void print(String command, Path file) {
        System.err.println("replsim " + command + ": " + file + " cannot run on runtime " + runtime + " as it is ("
                + refusals.size() + (refusals.size() == 1 ? " entry" : " entries") + "):");
        refusals.forEach(refusal -> System.err.println(file + ": " + refusal));
    }
}
