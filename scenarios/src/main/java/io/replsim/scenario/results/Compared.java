package io.replsim.scenario.results;

import java.util.Locale;

/**
 * One of the source's figures beside replsim's, in one unit, each with the value that means no effect (1 for a
 * ratio; the CPU before the kill for the survivors' CPU after it): the effect's direction is which side of it each
 * figure lies. {@code low} and {@code high} bound replsim's figure (its 95% interval, or its band); null where it has
 * none.
 */
public record Compared(String what, double source, double sourceNoEffect, double replsim, Double low, Double high,
                       double replsimNoEffect) {

    /** A ratio to a reference, where 1 is no effect on either side. */
    public static Compared ratio(String what, double source, double replsim, Double low, Double high) {
        return new Compared(what, source, 1, replsim, low, high, 1);
    }

    /** replsim's figure over the source's. */
    public double ratio() {
        return replsim / source;
    }

    /**
     * Whether both show an effect the same way. replsim's must be told apart from no effect: its interval (or band)
     * leaves out the no-effect value, or, without one, it lies more than {@code noEffectBand} of that value away
     * (199.5 against 199.7 requests a second is no effect, whatever side of 1 their ratio falls).
     */
    public boolean sameDirection(double noEffectBand) {
        double theirs = Math.signum(source - sourceNoEffect);
        return theirs != 0 && theirs == Math.signum(replsim - replsimNoEffect) && replsimShowsAnEffect(noEffectBand);
    }

    boolean replsimShowsAnEffect(double noEffectBand) {
        if (low != null && high != null) {
            return replsimNoEffect < low || high < replsimNoEffect;
        }
        return Math.abs(replsim - replsimNoEffect) > noEffectBand * Math.abs(replsimNoEffect);
    }

    public boolean intervalHoldsSource() {
        return low != null && high != null && low <= source && source <= high;
    }

    /** {@code 1.42 (1.30-1.55)}, an open end {@code ..}. */
    public String replsimShown() {
        return low == null && high == null ? number(replsim) : number(replsim) + " (" + (low == null ? ".."
                : number(low)) + "-" + (high == null ? ".." : number(high)) + ")";
    }

    static String number(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
