package io.replsim.scenario.results;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * When replsim's figure agrees with the source's. In direction: both lie on the same side of their no-effect value
 * (a ratio above 1 in both, the survivors' CPU risen in both), replsim's told apart from it (its interval leaves the
 * no-effect value out, or, without an interval, it lies more than {@code noEffectBand} of it away: 0.05, 5%). In
 * size as well: replsim's interval (or band) holds the source's figure, or replsim's figure is within
 * {@code sizeFactor} of it either way (1.25: 0.8-1.25 times); an interval that holds the source's figure agrees
 * in size even where it holds no effect too. An entry with several figures gets the weakest of theirs. docs/results.md states this rule; {@link #STATED} is it.
 */
public record AgreementRule(double sizeFactor, double noEffectBand) {
    public static final AgreementRule STATED = new AgreementRule(1.25, 0.05);

    public AgreementRule {
        if (!(noEffectBand >= 0 && noEffectBand < 1)) {
            throw new IllegalArgumentException("a no-effect band is a share from 0 to below 1 (how near its no-effect"
                    + " value a figure shows no effect), got " + noEffectBand);
        }
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
        // an interval that holds the source's figure cannot tell the two apart, whether or not it also holds none
        if (figure.intervalHoldsSource()) {
            return Verdict.AGREES_IN_SIZE;
        }
        if (!figure.sameDirection(noEffectBand)) {
            return Verdict.DISAGREES;
        }
        return withinSize(figure.ratio()) ? Verdict.AGREES_IN_SIZE : Verdict.AGREES_IN_DIRECTION;
    }

    private boolean withinSize(double ratio) {
        return ratio > 0 && Math.abs(Math.log(ratio)) <= Math.log(sizeFactor) + 1e-12;
    }

    private String reason(Compared figure, Verdict verdict) {
        String pair = "replsim " + figure.replsimShown() + ", the source " + Compared.number(figure.source());
        return switch (verdict) {
            case DISAGREES -> pair + (figure.replsimShowsAnEffect(noEffectBand)
                    ? ": the effects go opposite ways (or the source's has none)"
                    : String.format(Locale.ROOT, ": replsim's shows no effect (within %.0f%% of none, or its interval"
                            + " holds none)", noEffectBand * 100));
            case AGREES_IN_SIZE -> pair + (figure.intervalHoldsSource() ? ": the interval holds the source's"
                    : String.format(Locale.ROOT, ": within %.2fx", sizeFactor));
            default -> pair + String.format(Locale.ROOT, ": the same way, %.2fx apart", Math.exp(Math.abs(
                    Math.log(figure.ratio()))));
        };
    }
}
