package io.replsim.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationTextTest {

    @ParameterizedTest
    @CsvSource({"500ms, PT0.5S", "2s, PT2S", "1.5s, PT1.5S", "1m, PT1M", "1h, PT1H", "0s, PT0S", "'20 s', PT20S",
            "0.25ms, PT0.00025S"})
    void parsesANumberWithItsUnit(String text, Duration duration) {
        assertThat(DurationText.parse(text)).contains(duration);
    }

    @ParameterizedTest
    @ValueSource(strings = {"500", "fast", "-1s", "1d", "1S", "1.5", "s", "", "1e3ms", "0.0000000001s"})
    void rejectsWhatIsNotANumberWithAUnit(String text) {
        assertThat(DurationText.parse(text)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"500", "1.5", "-2"})
    void recognisesANumberMissingItsUnit(String text) {
        assertThat(DurationText.isBareNumber(text)).isTrue();
    }

    @ParameterizedTest
    @CsvSource({"PT45S, 45s", "PT1.5S, 1500ms", "PT2M, 2m", "PT1H, 1h", "PT0S, 0s", "PT90S, 90s",
            "PT0.0000015S, 0.0000015s"})
    void formatsInTheShortestExactUnit(Duration duration, String text) {
        assertThat(DurationText.format(duration)).isEqualTo(text);
    }
}
