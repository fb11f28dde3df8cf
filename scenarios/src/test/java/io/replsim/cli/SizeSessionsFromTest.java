package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code replsim size} sizes session memory from the bytes a run's nodes measured when given one, and from the
 * session size given (or its 4 KB default) when not, saying which in its assumptions.
 */
class SizeSessionsFromTest {

    /** Two live nodes held 60 copies in 61,440 bytes (1 KB a copy); the killed one's figures do not count. */
    private static final String SUMMARY = """
            {"nodes": [
              {"name": "node1", "alive": false, "sessionsOwned": 20, "sessionsBackup": 40, "sessionsHeldBytes": 999999},
              {"name": "node2", "alive": true, "sessionsOwned": 10, "sessionsBackup": 20, "sessionsHeldBytes": 30720},
              {"name": "node3", "alive": true, "sessionsOwned": 20, "sessionsBackup": 10, "sessionsHeldBytes": 30720}
            ]}
            """;

    private static final String[] POINTS = {"--point", "1:100", "--point", "2:190", "--point", "3:270",
            "--target-users", "300", "--copies", "2"};

    private static String[] with(String... more) {
        String[] all = new String[1 + POINTS.length + more.length];
        all[0] = "size";
        System.arraycopy(POINTS, 0, all, 1, POINTS.length);
        System.arraycopy(more, 0, all, 1 + POINTS.length, more.length);
        return all;
    }

    @Test
    void aRunsMeasuredBytesPerCopyReplaceTheDefaultSessionSize(@TempDir Path dir) throws Exception {
        Path run = Files.createDirectory(dir.resolve("run"));
        Files.writeString(run.resolve("summary.json"), SUMMARY);

        ReplsimCall measured = ReplsimCall.of(with("--sessions-from", run.toString()));
        ReplsimCall byDefault = ReplsimCall.of(with());

        assertThat(measured.exit()).as(measured.err()).isZero();
        assertThat(measured.out()).contains(" × 1.0 KB × 2 copies / ")
                .contains("each session copy holds 1,024 bytes, as measured in " + run);
        assertThat(byDefault.exit()).as(byDefault.err()).isZero();
        assertThat(byDefault.out()).contains(" × 4.0 KB × 2 copies / ")
                .contains("each session copy holds 4KB (the default, not measured");
    }

    @Test
    void aRunThatMeasuredNothingOrBothSizesAreRefusedSayingWhy(@TempDir Path dir) throws Exception {
        Path old = Files.createDirectory(dir.resolve("old"));
        Files.writeString(old.resolve("summary.json"), """
                {"nodes": [{"name": "node1", "alive": true, "sessionsOwned": 5, "sessionsBackup": 0}]}
                """);
        Path run = Files.createDirectory(dir.resolve("run"));
        Files.writeString(run.resolve("summary.json"), SUMMARY);

        ReplsimCall unmeasured = ReplsimCall.of(with("--sessions-from", old.toString()));
        ReplsimCall both = ReplsimCall.of(with("--sessions-from", run.toString(), "--session-size", "2KB"));

        assertThat(unmeasured.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(unmeasured.err()).contains("measured the bytes of the sessions it held");
        assertThat(both.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(both.err()).contains("--session-size: got \"2KB\" with --sessions-from");
    }
}
