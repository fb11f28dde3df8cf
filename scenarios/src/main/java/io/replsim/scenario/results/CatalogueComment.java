package io.replsim.scenario.results;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A catalogue file's opening comment, read by key: {@code # question:}, {@code # source:}, {@code # figure:},
 * {@code # scaled:}, {@code # run:}, each with the comment lines that continue it. {@link CatalogueFile} reads the
 * figures' words from it and CatalogueEntriesTest the rules every file keeps.
 */
public record CatalogueComment(List<String> lines) {
    private static final Pattern KEY = Pattern.compile("# ([a-z]+):\\s*(.*)");
    private static final Pattern CONTINUED = Pattern.compile("#\\s+(.*)");

    public CatalogueComment {
        lines = List.copyOf(lines);
    }

    /** The comment lines {@code text} opens with. */
    public static CatalogueComment of(String text) {
        return new CatalogueComment(text.lines().takeWhile(line -> line.startsWith("#")).toList());
    }

    /** The text of {@code # word:} and the comment lines that continue it, each stripped; none without that key. */
    public List<String> block(String word) {
        List<String> block = new ArrayList<>();
        boolean inside = false;
        for (String line : lines) {
            Matcher key = KEY.matcher(line);
            if (key.matches()) {
                inside = key.group(1).equals(word);
                if (inside) {
                    block.add(key.group(2).strip());
                }
            } else if (inside) {
                Matcher continued = CONTINUED.matcher(line);
                block.add(continued.matches() ? continued.group(1).strip() : "");
            }
        }
        return block;
    }
}
