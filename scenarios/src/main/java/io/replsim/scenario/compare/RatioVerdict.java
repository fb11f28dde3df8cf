package io.replsim.scenario.compare;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * What a ratio's 95% interval says: {@code differs} only when it excludes 1.0 (the variant is above, or below, the
 * reference on both of its ends); else no difference was shown, which is not the same as no difference.
 */
public enum RatioVerdict {
    DIFFERS, NO_DIFFERENCE_SHOWN;

    @JsonValue
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
