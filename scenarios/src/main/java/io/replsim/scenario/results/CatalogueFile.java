package io.replsim.scenario.results;

import io.replsim.scenario.provenance.ScenarioHash;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One file of the catalogue as it is now: its scenario's name (its run directories end with it), its opening
 * comment's question, the source's figure and the command that runs it, and the SHA-256 of its bytes, which a run
 * directory's provenance must hold for its figures to be this file's.
 */
public record CatalogueFile(Path file, String scenarioName, String question, String figure, String command,
                            String sha256) {
    private static final Pattern NAME = Pattern.compile("(?m)^name:\\s*(\\S+)");

    /** Reads {@code file}'s opening comment; a missing line is said, with the file. */
    public static CatalogueFile read(Path file) throws IOException {
        String text = Files.readString(file);
        Matcher name = NAME.matcher(text);
        CatalogueComment comment = CatalogueComment.of(text);
        List<String> run = block(comment, "run", file);
        String first = run.stream().filter(line -> line.contains("./replsim ")).findFirst().orElseThrow(
                () -> new IOException(file + ": the '# run:' line gives no ./replsim command"));
        StringBuilder command = new StringBuilder(first.substring(first.indexOf("./replsim ")));
        for (int i = run.indexOf(first) + 1; i < run.size() && command.toString().endsWith("\\"); i++) {
            command.setLength(command.length() - 1);
            command.append(run.get(i).strip());
        }
        return new CatalogueFile(file, name.find() ? name.group(1) : file.getFileName().toString(),
                String.join(" ", block(comment, "question", file)),
                String.join(" ", block(comment, "figure", file)), command.toString().strip().replaceAll(" +", " "),
                ScenarioHash.of(file).sha256());
    }

    /** The file's name, such as {@code 01-buddy-vs-full.full.yaml}. */
    public String name() {
        return file.getFileName().toString();
    }

    /**
     * {@code 05-n-plus-one.yaml (sha256:3fa2c1d09e12)}: the name with the first 12 digits of its hash, as a row of the
     * table names the files its figures came from ({@link PageRows} reads it back).
     */
    public String nameWithHash() {
        return name() + " (sha256:" + sha256.substring(0, PageRows.HASH_DIGITS) + ")";
    }

    /** The text of {@code # word:} and the lines that continue it; refused, naming the file, without one. */
    private static List<String> block(CatalogueComment comment, String word, Path file) throws IOException {
        List<String> block = comment.block(word);
        if (block.isEmpty()) {
            throw new IOException(file + " has no '# " + word + ":' line in its opening comment: each catalogue"
                    + " file names its question, source, figure, scaling and run (CatalogueEntriesTest)");
        }
        return block;
    }
}
