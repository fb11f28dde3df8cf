package io.replsim.scenario.results;

import io.replsim.scenario.compare.ComparedFigure;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A comparison's own figures (entries 3 and 10): each variant's band over the rounds and its ratio to the
 * reference with the 95% interval and the comparison's verdict on it; a comparison at one load also says whether it
 * holds (COMPARABLE). The source gives no figure to set beside them.
 */
public record ComparedFigures(Measurement comparison) implements EntryFigure {

    @Override
    public List<Measurement> measurements() {
        return List.of(comparison);
    }

    @Override
    public EntryReading read(Map<Measurement, Found> found) {
        if (!(EntryFigure.measured(found, comparison) instanceof Recorded.Comparison compared)) {
            return EntryReading.notMeasured();
        }
        List<String> words = new ArrayList<>();
        for (ComparedFigure figure : compared.comparison().figures()) {
            List<String> bars = new ArrayList<>();
            for (ComparedFigure.Bar bar : figure.bars()) {
                bars.add(bar.scenario() + " " + (bar.band() == null ? "-" : bar.band().format(figure.pattern()))
                        + (bar.interval() == null ? " (" + bar.role() + ")" : ", ratio " + bar.interval().format()
                        + " " + bar.interval().verdict().label()));
            }
            words.add(figure.name() + " (" + figure.unit() + "): " + String.join("; ", bars));
        }
        if (compared.rows() != null) {
            words.add(compared.rows().comparable() ? "COMPARABLE" : "NOT COMPARABLE");
        }
        return new EntryReading(String.join(". ", words), List.of(), true);
    }
}
