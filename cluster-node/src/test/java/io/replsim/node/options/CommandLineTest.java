package io.replsim.node.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.replsim.settings.Grammar;
import io.replsim.settings.Setting;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The command line as a settings source: a required option and a refused one, each named as given. */
class CommandLineTest {

    private static final Setting<Integer, Integer> WORKERS = Setting.of("workers", "--workers",
            Grammar.wholeNumber(1, 10), (Integer workers) -> workers);

    @Test
    void aRequiredOptionIsReadWhenGivenAndNamedWithWhatToGiveWhenLeftOut() {
        assertThat(CommandLine.of(new String[] {"--workers", "4"}, List.of("--workers")).required(WORKERS))
                .contains(4);
        assertThatThrownBy(() -> CommandLine.of(new String[0], List.of("--workers")).required(WORKERS))
                .isInstanceOf(BadArgumentException.class)
                .hasMessage("--workers: got nothing, expected a whole number from 1 to 10");
    }

    @Test
    void aRefusedOptionIsRefusedOnlyWhenGiven() {
        CommandLine.of(new String[0], List.of("--workers")).refuse(WORKERS, "no workers here");

        assertThatThrownBy(() -> CommandLine.of(new String[] {"--workers", "4"}, List.of("--workers"))
                .refuse(WORKERS, "no workers here"))
                .isInstanceOf(BadArgumentException.class).hasMessage("--workers: got \"4\", expected no workers here");
    }
}
