package io.replsim.scenario.report;

import static io.replsim.scenario.report.chart.HtmlText.escape;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A flat section of summary.json made of counts, declared once in its order: summary.json's keys, the console's
 * counts and report.html's table are written from {@code figures} alone, so a new count is one declaration more
 * (and the record's component of that name, which reads summary.json back).
 */
public record CountSection<S>(List<CountFigure<S>> figures) {

    public CountSection {
        figures = List.copyOf(figures);
    }

    /** summary.json's object: each count by its key, in the declared order. */
    Map<String, Long> byKey(S section) {
        Map<String, Long> written = new LinkedHashMap<>();
        for (CountFigure<S> figure : figures) {
            written.put(figure.key(), figure.valueOf(section));
        }
        return written;
    }

    /** The console's counts, e.g. {@code 60 OK   0 STALE}, each as its {@link CountFigure.Printed} rule says. */
    String console(S section, String separator) {
        return figures.stream()
                .filter(figure -> figure.printedAmong(section))
                .map(figure -> String.format(Locale.ROOT, "%,d %s", figure.valueOf(section), figure.label()))
                .collect(Collectors.joining(separator));
    }

    /** report.html's table: a column per count, every one of them, 0 included. */
    public String html(S section) {
        StringBuilder html = new StringBuilder("<table><tr>");
        figures.forEach(figure -> html.append("<th>").append(escape(figure.label())).append("</th>"));
        html.append("</tr>\n<tr>");
        figures.forEach(figure -> html.append("<td>").append(figure.valueOf(section)).append("</td>"));
        return html.append("</tr></table>\n").toString();
    }
}
