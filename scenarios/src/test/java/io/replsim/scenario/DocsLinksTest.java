package io.replsim.scenario;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every relative link in README.md and docs/ (the guides and the measurement log they link to) points at a file that
 * exists and, when it names a heading, at a heading that file has: the guides send readers to dated log entries by
 * their headings, and a renamed entry would otherwise leave the guide pointing nowhere.
 */
class DocsLinksTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern FENCED_CODE = Pattern.compile("```.*?```", Pattern.DOTALL);
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HEADING = Pattern.compile("^#+ (.+)$", Pattern.MULTILINE);
    private static final Pattern NOT_IN_SLUG = Pattern.compile("[^\\w\\- ]", Pattern.UNICODE_CHARACTER_CLASS);

    @Test
    void everyRelativeLinkInTheDocsPointsAtAFileAndHeadingThatExist() throws IOException {
        List<Path> pages = pages();
        assertThat(pages).contains(ROOT.resolve("docs/measurements/README.md"));
        Map<Path, Set<String>> anchors = new HashMap<>();
        List<String> broken = new ArrayList<>();
        for (Path page : pages) {
            Matcher link = LINK.matcher(withoutCode(page));
            while (link.find()) {
                broken.addAll(problem(page, link.group(1), anchors));
            }
        }
        assertThat(broken).as("broken links in README.md and docs/").isEmpty();
    }

    private static List<Path> pages() throws IOException {
        try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
            return Stream.concat(Stream.of(ROOT.resolve("README.md")),
                    docs.filter(path -> path.toString().endsWith(".md")).sorted()).toList();
        }
    }

    /** What is wrong with one link of a page, if anything: a missing file, or a heading its target does not have. */
    private static List<String> problem(Path page, String target, Map<Path, Set<String>> anchors) throws IOException {
        if (target.matches("[a-zA-Z][a-zA-Z+.-]*:.*")) {
            return List.of(); // http:, https:, mailto:: not this repository's files
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        String where = ROOT.relativize(page) + ": (" + target + ")";
        if (!Files.exists(resolved)) {
            return List.of(where + " names no file");
        }
        if (hash < 0 || !resolved.toString().endsWith(".md")) {
            return List.of();
        }
        Set<String> headings = anchors.computeIfAbsent(resolved, DocsLinksTest::headingAnchors);
        return headings.contains(target.substring(hash + 1)) ? List.of() : List.of(where + " names no heading there");
    }

    private static Set<String> headingAnchors(Path page) {
        try {
            Matcher heading = HEADING.matcher(withoutCode(page));
            return heading.results().map(found -> anchorOf(found.group(1))).collect(Collectors.toSet());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + page, e);
        }
    }

    /** GitHub's anchor for a heading: lower case, punctuation dropped, each space a hyphen. */
    static String anchorOf(String heading) {
        return NOT_IN_SLUG.matcher(heading.strip().toLowerCase(Locale.ROOT)).replaceAll("").replace(' ', '-');
    }

    private static String withoutCode(Path page) throws IOException {
        return FENCED_CODE.matcher(Files.readString(page)).replaceAll("");
    }
}
