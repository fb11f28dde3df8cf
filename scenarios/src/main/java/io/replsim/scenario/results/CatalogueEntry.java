package io.replsim.scenario.results;

import java.util.List;

/**
 * One entry of the catalogue: its number, its files as they are now (the first names its question and the
 * source's figure, which its variants share) and the figure it reads from their run directories.
 */
public record CatalogueEntry(int number, List<CatalogueFile> files, EntryFigure figure) {

    public CatalogueEntry {
        files = List.copyOf(files);
        if (files.isEmpty()) {
            throw new IllegalArgumentException("entry " + number + " has no file");
        }
    }

    public String question() {
        return files.getFirst().question();
    }

    public String sourceFigure() {
        return files.getFirst().figure();
    }

    /** Each command its files' {@code # run:} lines give, once. */
    public List<String> commands() {
        return files.stream().map(CatalogueFile::command).distinct().toList();
    }
}
