package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckCommandTest {

    @TempDir
    Path dir;

    /** A made-up history of loadgen's test resources, as a run directory would hold it. */
    private Path run(String resource) throws Exception {
        Path run = Files.createDirectories(dir.resolve("run"));
        try (InputStream in = CheckCommandTest.class.getResourceAsStream("/history/" + resource)) {
            Files.copy(in, run.resolve("history.jsonl"));
        }
        return run;
    }

    @Test
    void aRunWithOneAnomalyOfEachKindPrintsEachCountAndProofAndFails() throws Exception {
        ReplsimCall check = ReplsimCall.of("check", run("one-of-each.jsonl").toString());

        String out = check.out();
        assertThat(check.exit()).as(out).isEqualTo(ReplsimCommand.CHECKS_FAILED);
        assertThat(out).contains("23 requests, 21 answers judged, 1 failed or timed out, 0 not judged")
                .containsPattern("lost update +1\n"
                        + "    #2 user 1 tab 0 append 2 on a.node1, 2.000000-2.010000 s: ok from node1, read \\[1, 2\\]\n"
                        + "    #4 user 1 tab 0 append 4 on a.node1, 4.000000-4.010000 s: ok from node2, read \\[1, 4\\]\n"
                        + "    why: #2 appended 2 and was acknowledged; #4, the last read of the session sent after"
                        + " that, lacks it\n")
                .containsPattern("read-your-writes violated +1\n")
                .containsPattern("non-monotonic read +1\n")
                .containsPattern("indeterminate write applied +1   \\(legal: counted, not failed\\)\n"
                        + "    #32 user 4 tab 0 append 32 on d.node3, 2.000000-2.500000 s: timeout\n")
                .containsPattern("invalidated session answered again +1\n")
                .containsPattern("write applied twice +1\n")
                .contains("result    FAIL: 5 anomalies a correct cluster does not show");
    }

    @Test
    void aCleanHistoryFilePasses() throws Exception {
        ReplsimCall check = ReplsimCall.of("check", run("clean.jsonl").resolve("history.jsonl").toString());

        assertThat(check.exit()).as(check.out() + check.err()).isZero();
        assertThat(check.out()).containsPattern("lost update +0\n")
                .contains("result    PASS: no anomaly a correct cluster does not show");
    }

    @Test
    void onlyALegalAnomalyPasses() throws Exception {
        Path history = dir.resolve("history.jsonl");
        Files.write(history, List.of(
                line(1, "", "append\",\"element\":1", 10, "ok\",\"node\":\"node1\",\"session\":\"s\",\"read\":[1]"),
                line(2, "\"sentSession\":\"s\",", "append\",\"element\":2", 20, "timeout\""),
                line(3, "\"sentSession\":\"s\",", "read\"", 30, "ok\",\"node\":\"node1\",\"session\":\"s\",\"read\":[1,2]")));

        ReplsimCall check = ReplsimCall.of("check", history.toString());

        assertThat(check.exit()).as(check.out()).isZero();
        assertThat(check.out()).containsPattern("indeterminate write applied +1 ");
    }

    /** #2 appended 2 and its answer and #3 show it twice; {@code resent} marks #2 as sent twice by its client. */
    private Path duplicated(boolean resent) throws Exception {
        Path history = dir.resolve("history.jsonl");
        Files.write(history, List.of(
                line(1, "", "append\",\"element\":1", 10, "ok\",\"node\":\"node1\",\"session\":\"s\",\"read\":[1]"),
                line(2, "\"sentSession\":\"s\"," + (resent ? "\"resent\":true," : ""), "append\",\"element\":2", 20,
                        "ok\",\"node\":\"node1\",\"session\":\"s\",\"read\":[1,2,2]"),
                line(3, "\"sentSession\":\"s\",", "read\"", 30,
                        "ok\",\"node\":\"node1\",\"session\":\"s\",\"read\":[1,2,2]")));
        return history;
    }

    @Test
    void aDuplicateOfAWriteItsClientResentIsCountedApartAndPasses() throws Exception {
        ReplsimCall check = ReplsimCall.of("check", duplicated(true).toString());

        assertThat(check.exit()).as(check.out()).isZero();
        assertThat(check.out()).containsPattern("write applied twice +0\n")
                .containsPattern("resend applied twice +1   \\(legal: counted, not failed\\)\n"
                        + "    #2 user 1 tab 0 append 2 on s, 0.020000-0.021000 s: ok \\(sent twice by the client\\)"
                        + " from node1, read \\[1, 2, 2\\]\n")
                .contains("result    PASS");
    }

    @Test
    void aDuplicateOfAWriteItsClientSentOnceStillFails() throws Exception {
        ReplsimCall check = ReplsimCall.of("check", duplicated(false).toString());

        assertThat(check.exit()).as(check.out()).isEqualTo(ReplsimCommand.CHECKS_FAILED);
        assertThat(check.out()).containsPattern("write applied twice +1\n")
                .containsPattern("resend applied twice +0 ")
                .contains("result    FAIL: 1 anomaly a correct cluster does not show");
    }

    @Test
    void requestsTheDriverDroppedAreCountedNotJudged() throws Exception {
        Path history = dir.resolve("history.jsonl");
        Files.write(history, List.of(
                line(1, "", "append\",\"element\":1", 10, "ok\",\"node\":\"node1\",\"session\":\"s\",\"read\":[1]"),
                "{\"dropped\":3}"));

        ReplsimCall check = ReplsimCall.of("check", history.toString());

        assertThat(check.exit()).as(check.out() + check.err()).isZero();
        assertThat(check.out()).contains("1 requests, 1 answers judged, 0 failed or timed out, 3 not judged")
                .contains("not judged  3 requests the driver recorded but dropped unwritten (its history queue was"
                        + " full)");
    }

    @Test
    void aRunDirectoryWithoutAHistorySaysWhatToGive() {
        ReplsimCall check = ReplsimCall.of("check", dir.toString());

        assertThat(check.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(check.err()).contains(dir + " holds no history.jsonl; give the directory of a run that wrote one,"
                + " or the history file itself");
    }

    @Test
    void aMissingFileIsBadInput() {
        ReplsimCall check = ReplsimCall.of("check", dir.resolve("nowhere.jsonl").toString());

        assertThat(check.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(check.err()).contains("no history at " + dir.resolve("nowhere.jsonl"));
    }

    @Test
    void aGarbledLineIsNamedByItsNumberAndWhatItTakes() throws Exception {
        Path history = dir.resolve("history.jsonl");
        Files.write(history, List.of(
                line(1, "", "append\",\"element\":1", 10, "ok\",\"node\":\"node1\",\"session\":\"s\",\"read\":[1]"),
                line(2, "", "write\"", 20, "ok\",\"node\":\"node1\",\"session\":\"s\",\"read\":[1]")));

        ReplsimCall check = ReplsimCall.of("check", history.toString());

        assertThat(check.exit()).isEqualTo(ReplsimCommand.BAD_INPUT);
        assertThat(check.err()).contains(history + " line 2: \"op\" is \"write\"; expected append, read or logout");
        assertThat(check.out()).isEmpty();
    }

    @Test
    void elleWritesTheHistoryAsEdnBesideTheCheck() throws Exception {
        Path edn = dir.resolve("history.edn");

        ReplsimCall check = ReplsimCall.of("check", "--elle", edn.toString(), run("clean.jsonl").toString());

        assertThat(check.exit()).as(check.out() + check.err()).isZero();
        List<String> lines = Files.readAllLines(edn);
        // 19 requests less the logout, an invoke and an end each
        assertThat(lines).hasSize(36).first().asString()
                .startsWith("{:index 0, :type :invoke, :process ").endsWith(":f :txn, :value [[:append \"a.node1\" 1]"
                        + " [:r \"a.node1\" nil]]}");
        assertThat(lines).filteredOn(line -> line.contains(":type :info")).hasSize(2);
    }

    private static String line(long id, String sent, String op, long ms, String outcome) {
        return "{\"id\":" + id + ",\"user\":1,\"tab\":0," + sent + "\"op\":\"" + op + ",\"invokeMicros\":" + ms * 1000
                + ",\"completeMicros\":" + (ms + 1) * 1000 + ",\"outcome\":\"" + outcome + "}";
    }
}
