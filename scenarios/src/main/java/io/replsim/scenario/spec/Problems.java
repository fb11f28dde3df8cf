package io.replsim.scenario.spec;

import java.util.ArrayList;
import java.util.List;

/** The problems found in one pass over a scenario file, in the order they were found. */
final class Problems {

    private final List<SpecProblem> found = new ArrayList<>();

    void add(String path, String value, String expected) {
        found.add(new SpecProblem(path, value, expected));
    }

    boolean isEmpty() {
        return found.isEmpty();
    }

    List<SpecProblem> list() {
        return List.copyOf(found);
    }
}
