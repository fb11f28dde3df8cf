package io.replsim.scenario.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A section of summary.json the console says as one sentence, declared once in its order: summary.json's keys and
 * the console's sentence are written from {@code figures} alone, so a new figure is one declaration more (and the
 * record's component of that name, which reads summary.json back).
 */
public record WordedSection<S>(List<WordedFigure<S>> figures) {

    public WordedSection {
        figures = List.copyOf(figures);
    }

    /** summary.json's object: each figure by its key, in the declared order. */
    Map<String, Object> byKey(S section) {
        Map<String, Object> written = new LinkedHashMap<>();
        for (WordedFigure<S> figure : figures) {
            written.put(figure.key(), figure.valueOf(section));
        }
        return written;
    }

    /** The console's sentence: each figure's words with its value, in the declared order. */
    String console(S section) {
        return figures.stream().map(figure -> figure.console(section)).collect(Collectors.joining());
    }
}
