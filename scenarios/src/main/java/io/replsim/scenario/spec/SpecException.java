package io.replsim.scenario.spec;

import java.util.List;
import java.util.stream.Collectors;

/** A scenario file that cannot be run, with every problem found in it, not just the first. */
public final class SpecException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String sourceName;
    @SuppressWarnings("serial") // always a List.copyOf, which is serializable, of serializable problems
    private final List<SpecProblem> problems;

    public SpecException(String sourceName, List<SpecProblem> problems) {
        super(message(sourceName, problems));
        if (problems.isEmpty()) {
            throw new IllegalArgumentException("a SpecException carries at least one problem");
        }
        this.sourceName = sourceName;
        this.problems = List.copyOf(problems);
    }

    /** The file (or other source) the problems were found in, as the user named it. */
    public String sourceName() {
        return sourceName;
    }

    public List<SpecProblem> problems() {
        return problems;
    }

    private static String message(String sourceName, List<SpecProblem> problems) {
        return problems.stream().map(problem -> sourceName + ": " + problem).collect(Collectors.joining("\n"));
    }
}
