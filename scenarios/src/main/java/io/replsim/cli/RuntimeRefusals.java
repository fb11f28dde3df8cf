package io.replsim.cli;

import io.replsim.scenario.run.PlayedRuntime;
import io.replsim.scenario.runtime.RuntimeCapabilities;
import io.replsim.scenario.runtime.SpecRefusal;
import io.replsim.scenario.spec.ScenarioSpec;
import java.util.List;

/**
 * What the runtime a command would play a scenario on refuses of it: the cluster named with {@code --target}, else
 * the file's {@code cluster.runtime}. {@code run}, {@code soak} and {@code validate} print the same list, so a file
 * that validates on a runtime also runs on it.
 */
record RuntimeRefusals(String runtime, List<SpecRefusal> refusals) {

    static RuntimeRefusals of(ScenarioSpec spec, PlayedRuntime<?> played) {
        RuntimeCapabilities runtime = played.capabilities(spec);
        return new RuntimeRefusals(runtime.runtime(), runtime.refusals(spec));
    }

    RuntimeRefusals {
        refusals = List.copyOf(refusals);
    }

    boolean any() {
        return !refusals.isEmpty();
    }

    /** On standard error, a line for each refusal that starts with the file, as a compiler's errors do. */
    void print(String command, String file) {
        System.err.println("replsim " + command + ": " + file + " cannot run on runtime " + runtime + " as it is ("
                + refusals.size() + (refusals.size() == 1 ? " entry" : " entries") + "):");
        refusals.forEach(refusal -> System.err.println(file + ": " + refusal));
    }
}
