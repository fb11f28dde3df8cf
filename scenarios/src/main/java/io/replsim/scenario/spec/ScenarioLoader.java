package io.replsim.scenario.spec;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;

/**
 * Loads a scenario file and validates all of it: either a complete {@link ScenarioSpec}, or a {@link SpecException}
 * listing every problem with its path, what the file says there and what would be accepted.
 */
public final class ScenarioLoader {

    // A key written twice would otherwise let the later one win without a word.
    private static final YAMLMapper YAML = YAMLMapper.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private ScenarioLoader() {
    }

    /**
     * The scenario {@code file} describes, played on its own: a file with a {@code matrix:} is refused, since it
     * describes several (see {@link #variants}).
     */
    public static ScenarioSpec load(Path file) throws SpecException {
        return parse(text(file), file.toString());
    }

    /** @param sourceName what to call the text in messages, usually the file name the user gave */
    public static ScenarioSpec parse(String yaml, String sourceName) throws SpecException {
        JsonNode root = tree(yaml, sourceName);
        if (root.has(MatrixReader.FIELD)) {
            throw new SpecException(sourceName, List.of(new SpecProblem(MatrixReader.FIELD,
                    WrittenValue.of(root.get(MatrixReader.FIELD)), "no matrix in a scenario played on its own: a"
                    + " matrix describes several; replsim compare " + sourceName + " plays each of its variants on a"
                    + " fresh cluster (with --capacity, searches each), and replsim validate " + sourceName
                    + " checks them all")));
        }
        return read(root, sourceName);
    }

    /**
     * Every scenario {@code file} describes: itself, or each variant of its {@code matrix:} (the cartesian product
     * of its keys' values, each set in the file and read as a file of its own). Every problem of every variant is
     * thrown at once.
     */
    public static List<ScenarioVariant> variants(Path file) throws SpecException {
        return variantsOf(text(file), file.toString());
    }

    /** @param sourceName what to call the text in messages, usually the file name the user gave */
    public static List<ScenarioVariant> variantsOf(String yaml, String sourceName) throws SpecException {
        JsonNode root = tree(yaml, sourceName);
        if (root instanceof ObjectNode map && map.has(MatrixReader.FIELD)) {
            return MatrixVariants.expand(map, sourceName);
        }
        ScenarioSpec spec = read(root, sourceName);
        return List.of(new ScenarioVariant(spec.name(), spec, Optional.empty()));
    }

    private static ScenarioSpec read(JsonNode root, String sourceName) throws SpecException {
        Problems problems = new Problems();
        Optional<ScenarioSpec> spec = ScenarioReader.read(root, problems);
        if (!problems.isEmpty()) {
            throw new SpecException(sourceName, problems.list());
        }
        return spec.orElseThrow();
    }

    private static String text(Path file) throws SpecException {
        String sourceName = file.toString();
        try {
            return Files.readString(file);
        } catch (NoSuchFileException missing) {
            throw new SpecException(sourceName, List.of(new SpecProblem("", null,
                    "a scenario file at " + file.toAbsolutePath() + " (there is no such file)")));
        } catch (IOException | SecurityException unreadable) {
            throw new SpecException(sourceName, List.of(new SpecProblem("", sourceName,
                    "a readable UTF-8 scenario file (" + reason(unreadable) + ")")));
        }
    }

    /** The YAML tree; a syntax error ends the reading, since nothing after it can be trusted to mean anything. */
    private static JsonNode tree(String yaml, String sourceName) throws SpecException {
        try {
            return YAML.readTree(yaml);
        } catch (JsonProcessingException malformed) {
            throw new SpecException(sourceName, List.of(syntaxProblem(yaml, malformed)));
        }
    }

    /**
     * One problem at the line the user must fix. SnakeYAML's own marks are preferred over Jackson's location, which
     * points at the end of the last good token; its context mark, when there is one, is where the broken construct
     * starts (the key without a colon), while its problem mark is often the line after.
     */
    private static SpecProblem syntaxProblem(String yaml, JsonProcessingException malformed) {
        int line;
        int column;
        String reason;
        if (malformed.getCause() instanceof MarkedYAMLException yamlError && yamlError.getProblemMark() != null) {
            Mark mark = yamlError.getContextMark() != null ? yamlError.getContextMark() : yamlError.getProblemMark();
            line = mark.getLine() + 1;
            column = mark.getColumn() + 1;
            reason = yamlError.getContext() == null
                    ? yamlError.getProblem()
                    : yamlError.getProblem() + " " + yamlError.getContext();
        } else {
            line = malformed.getLocation() == null ? 0 : malformed.getLocation().getLineNr();
            column = malformed.getLocation() == null ? 0 : malformed.getLocation().getColumnNr();
            reason = malformed.getOriginalMessage();
        }
        String written = yaml.lines().skip(Math.max(line - 1, 0)).findFirst().map(String::strip).orElse("");
        return new SpecProblem("line " + line + ", column " + column, written.isEmpty() ? null : written,
                "well-formed YAML (" + reason.strip().replace('\n', ' ') + ")");
    }

    private static String reason(Exception unreadable) {
        return unreadable.getMessage() == null
                ? unreadable.getClass().getSimpleName()
                : unreadable.getClass().getSimpleName() + ": " + unreadable.getMessage();
    }
}
