package io.replsim.scenario.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * When replsim's figure agrees with the source's. In direction: both lie on the same side of their no-effect value
 * (a ratio above 1 in both, the survivors' CPU risen in both). In size as well: replsim's interval (or band) holds
 * the source's figure, or replsim's figure is within {@code sizeFactor} of it either way (1.25: 0.8-1.25 times). An
 * entry with several figures gets the weakest of theirs. docs/results.md states this rule; {@link #STATED} is it.
 */
public record AgreementRule(double sizeFactor) {
    public static final AgreementRule STATED = new AgreementRule(1.25);

    public AgreementRule {
        if (!(sizeFactor >= 1)) {
            throw new IllegalArgumentException("a size factor is 1 or more (how far apart two figures may be and"
                    + " still agree in size), got " + sizeFactor);
        }
    }

    /** The verdict on every figure the source gives a counterpart of; none: no source figure. */
    public Judgement judge(List<Compared> figures) {
        if (figures.isEmpty()) {
            return new Judgement(Verdict.NO_SOURCE_FIGURE, "the source gives no figure to set beside replsim's");
        }
        Verdict weakest = Verdict.AGREES_IN_SIZE;
        List<String> why = new ArrayList<>();
        for (Compared figure : figures) {
            Verdict verdict = verdict(figure);
            if (verdict.ordinal() > weakest.ordinal()) {
                weakest = verdict;
            }
            why.add(figure.what() + ": " + reason(figure, verdict));
        }
        return new Judgement(weakest, String.join("; ", why));
    }

    Verdict verdict(Compared figure) {
        if (!figure.sameDirection()) {
            return Verdict.DISAGREES;
        }
        return figure.intervalHoldsSource() || withinSize(figure.ratio()) ? Verdict.AGREES_IN_SIZE
                : Verdict.AGREES_IN_DIRECTION;
    }

    private boolean withinSize(double ratio) {
        return ratio > 0 && Math.abs(Math.log(ratio)) <= Math.log(sizeFactor) + 1e-12;
    }

    private String reason(Compared figure, Verdict verdict) {
        String pair = "replsim " + figure.replsimShown() + ", the source " + Compared.number(figure.source());
        return switch (verdict) {
            case DISAGREES -> pair + ": the effects go opposite ways (or one has none)";
            case AGREES_IN_SIZE -> pair + (figure.intervalHoldsSource() ? ": the interval holds the source's"
                    : String.format(Locale.ROOT, ": within %.2fx", sizeFactor));
            default -> pair + String.format(Locale.ROOT, ": the same way, %.2fx apart", Math.exp(Math.abs(
                    Math.log(figure.ratio()))));
        };
    }
}
