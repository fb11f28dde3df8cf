package io.replsim.scenario.spec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A scenario file's {@code matrix:} expanded into its variants, the cartesian product of its keys' values (the first
 * key's values change slowest), each read by the same {@link ScenarioReader} as a file of its own: a value a
 * reader refuses is refused with that reader's words, at the matrix key that set it.
 */
final class MatrixVariants {

    private static final YAMLMapper YAML = YAMLMapper.builder()
            .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
            .disable(YAMLGenerator.Feature.SPLIT_LINES)
            .build();
    private static final Pattern NOT_IN_A_NAME = Pattern.compile("[^A-Za-z0-9_-]+");
    private static final int MAX_NAME = 64;

    private MatrixVariants() {
    }

    /** Every variant of {@code root}, whose {@code matrix} field is there; every problem of any variant thrown. */
    static List<ScenarioVariant> expand(ObjectNode root, String sourceName) throws SpecException {
        ObjectNode base = root.deepCopy();
        JsonNode matrix = base.remove(MatrixReader.FIELD);
        Problems matrixProblems = new Problems();
        List<MatrixAxis> axes = MatrixReader.read(matrix, base, matrixProblems);
        if (!matrixProblems.isEmpty()) {
            throw new SpecException(sourceName, matrixProblems.list());
        }
        Function<MatrixKey, String> labelOf = labels(axes);
        List<List<MatrixAxis.Value>> combinations = product(axes);
        List<ScenarioVariant> variants = new ArrayList<>();
        List<String> labels = new ArrayList<>();
        List<List<Found>> foundInEach = new ArrayList<>();
        for (List<MatrixAxis.Value> values : combinations) {
            String label = label(axes, values, labelOf);
            ObjectNode tree = base.deepCopy();
            for (int i = 0; i < axes.size(); i++) {
                axes.get(i).key().set(tree, values.get(i).node());
            }
            named(tree, values);
            Problems problems = new Problems();
            Optional<ScenarioSpec> spec = ScenarioReader.read(tree, problems);
            labels.add(label);
            foundInEach.add(placed(problems.list(), axes, values));
            spec.ifPresent(read -> variants.add(new ScenarioVariant(label, read,
                    Optional.of(written(tree, label, sourceName)))));
        }
        List<SpecProblem> problems = merged(labels, foundInEach);
        if (!problems.isEmpty()) {
            throw new SpecException(sourceName, problems);
        }
        return variants;
    }

    /** A variant's problem, and whether it is at a matrix key (then the same for every variant with that value). */
    private record Found(SpecProblem problem, boolean atMatrixKey) {
    }

    /**
     * Each problem where the user fixes it: a value's at its matrix key (with the value's name when it has one),
     * a key the readers do not know at that key, any other as the readers put it.
     */
    private static List<Found> placed(List<SpecProblem> problems, List<MatrixAxis> axes,
                                      List<MatrixAxis.Value> values) {
        List<Found> placed = new ArrayList<>();
        for (SpecProblem problem : problems) {
            Found found = new Found(problem, false);
            for (int i = 0; i < axes.size(); i++) {
                String key = axes.get(i).key().path();
                MatrixAxis.Value value = values.get(i);
                if (inside(problem.path(), key)) {
                    found = new Found(new SpecProblem(MatrixReader.FIELD + ": " + problem.path()
                            + (value.named() ? " (value " + value.name() + ")" : ""), problem.value(),
                            problem.expected()), true);
                } else if (inside(key, problem.path())) {
                    found = new Found(new SpecProblem(MatrixReader.FIELD + ": " + key, problem.value(),
                            problem.expected()), true);
                }
            }
            placed.add(found);
        }
        return placed;
    }

    /** Whether {@code path} is {@code key} or a field or item under it. */
    private static boolean inside(String path, String key) {
        return path.equals(key) || path.startsWith(key + ".") || path.startsWith(key + "[");
    }

    /**
     * Every variant's problems once: one at a matrix key, or one found in every variant (the file's own), as it is;
     * one that only some variants have, with their labels, since their values together make it.
     */
    private static List<SpecProblem> merged(List<String> labels, List<List<Found>> foundInEach) {
        Map<SpecProblem, List<String>> variantsOf = new LinkedHashMap<>();
        Set<SpecProblem> atMatrixKeys = new HashSet<>();
        for (int i = 0; i < labels.size(); i++) {
            for (Found found : foundInEach.get(i)) {
                variantsOf.computeIfAbsent(found.problem(), any -> new ArrayList<>()).add(labels.get(i));
                if (found.atMatrixKey()) {
                    atMatrixKeys.add(found.problem());
                }
            }
        }
        List<SpecProblem> merged = new ArrayList<>();
        variantsOf.forEach((problem, variants) -> merged.add(atMatrixKeys.contains(problem)
                || variants.size() == labels.size() ? problem
                : new SpecProblem(MatrixReader.FIELD + " variant " + String.join(" and ", variants) + ": "
                        + problem.path(), problem.value(), problem.expected())));
        return merged;
    }

    private static List<List<MatrixAxis.Value>> product(List<MatrixAxis> axes) {
        List<List<MatrixAxis.Value>> combinations = List.of(List.of());
        for (MatrixAxis axis : axes) {
            List<List<MatrixAxis.Value>> longer = new ArrayList<>();
            for (List<MatrixAxis.Value> combination : combinations) {
                for (MatrixAxis.Value value : axis.values()) {
                    List<MatrixAxis.Value> next = new ArrayList<>(combination);
                    next.add(value);
                    longer.add(next);
                }
            }
            combinations = longer;
        }
        return combinations;
    }

    /** Each key by its last field's name, or by its whole path where two keys end in the same name. */
    private static Function<MatrixKey, String> labels(List<MatrixAxis> axes) {
        Map<String, Long> byField = axes.stream()
                .collect(Collectors.groupingBy(axis -> axis.key().field(), Collectors.counting()));
        return key -> byField.get(key.field()) > 1 ? key.path() : key.field();
    }

    private static String label(List<MatrixAxis> axes, List<MatrixAxis.Value> values,
                                Function<MatrixKey, String> labelOf) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < axes.size(); i++) {
            parts.add(labelOf.apply(axes.get(i).key()) + "=" + values.get(i).name());
        }
        return String.join(",", parts);
    }

    /** The file's name and the variant's values: its runs' directories tell the variants apart. */
    private static void named(ObjectNode tree, List<MatrixAxis.Value> values) {
        JsonNode name = tree.get("name");
        if (name == null || !name.isValueNode()) {
            return; // the reader reports it
        }
        StringBuilder variant = new StringBuilder(name.asText());
        for (MatrixAxis.Value value : values) {
            variant.append('-').append(NOT_IN_A_NAME.matcher(value.name()).replaceAll("_"));
        }
        tree.set("name", TextNode.valueOf(variant.length() <= MAX_NAME ? variant.toString()
                : variant.substring(0, MAX_NAME)));
    }

    private static String written(ObjectNode tree, String label, String sourceName) {
        try {
            return "# " + label + ": one variant of " + sourceName + ", as replsim played it\n"
                    + YAML.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree read from YAML is written back as YAML", e);
        }
    }
}
