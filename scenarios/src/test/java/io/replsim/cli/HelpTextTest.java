package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's help renders as written: picocli formats descriptions as format strings, so a bare {@code %}
 * ("a 95% interval") breaks the whole paragraph into an unformatted line and a warning on standard error.
 */
class HelpTextTest {

    @Test
    void everyCommandsHelpRendersWithoutAFormatWarning() {
        List<String> commands = new CommandLine(new ReplsimCommand()).getSubcommands().keySet().stream()
                .filter(command -> !command.equals("help")).toList();
        assertThat(commands).contains("run", "capacity", "compare", "agent");
        for (String command : commands) {
            ReplsimCall help = ReplsimCall.of("help", command);
            assertThat(help.err()).as("replsim help %s, standard error", command).doesNotContain("picocli WARN");
            assertThat(help.out()).as("replsim help %s", command).contains("Usage: replsim " + command)
                    .doesNotContain("%n");
        }
    }
}
