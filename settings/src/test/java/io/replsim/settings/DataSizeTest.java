package io.replsim.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DataSizeTest {

    @ParameterizedTest
    @CsvSource({
            "512, 512",
            "512b, 512",
            "4KB, 4096",
            "4kb, 4096",
            "4k, 4096",
            "4KiB, 4096",
            "256m, 268435456",
            "256MB, 268435456",
            "1g, 1073741824",
            "'1 GB', 1073741824",
            "0, 0"})
    void parsesBinaryUnitsAsTheJvmDoes(String text, long bytes) {
        assertThat(DataSize.parse(text).bytes()).isEqualTo(bytes);
    }

    @ParameterizedTest
    @CsvSource({"4KB, 4KB", "256m, 256MB", "1024m, 1GB", "1000, 1000B", "0, 0B", "1025, 1025B"})
    void printsInTheLargestExactUnit(String text, String printed) {
        assertThat(DataSize.parse(text)).hasToString(printed);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "KB", "4 parsecs", "-1", "1.5g", "4ib", "4tb", "99999999999g"})
    void rejectsWhatIsNotASizeSayingWhatIs(String text) {
        assertThatIllegalArgumentException().isThrownBy(() -> DataSize.parse(text)).withMessageContaining(text);
    }

    @Test
    void rejectsNegativeByteCounts() {
        assertThatIllegalArgumentException().isThrownBy(() -> new DataSize(-1));
    }
}
