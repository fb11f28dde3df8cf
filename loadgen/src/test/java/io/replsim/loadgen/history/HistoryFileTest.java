package io.replsim.loadgen.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryFileTest {

    private static final String OK_LINE = "{\"id\":1,\"user\":1,\"tab\":0,\"op\":\"append\",\"element\":1,"
            + "\"invokeMicros\":10,\"completeMicros\":20,\"outcome\":\"ok\",\"node\":\"node1\",\"session\":\"s\","
            + "\"read\":[1]}";

    @TempDir
    Path dir;

    @Test
    void whatIsWrittenIsReadBackRequestForRequest() throws Exception {
        List<HistoryRequest> history = List.of(
                Requests.of(1).user(1).append().at(10, 11).ok("node1", "s", 1),
                Requests.of(2).user(1).tab(2).on("s").append().at(20, 21).ended(Outcome.TIMEOUT),
                Requests.of(3).user(1).on("s").at(30, 31).okWithoutList("node2", "s"),
                Requests.of(4).user(1).on("s").append().at(40, 41).expiredInto("node2", "t", 4),
                Requests.of(5).user(1).on("t").logout().at(50, 51).ok("node2", "t"),
                Requests.of(6).user(1).on("t").append().resent().at(60, 61).ok("node2", "t", 4, 6, 6),
                Requests.of(7).user(1).on("t").append().resent().at(70, 71).ended(Outcome.FAILED));
        Path file = dir.resolve(HistoryFile.NAME);

        HistoryFile.write(file, history);

        assertThat(HistoryFile.read(file)).isEqualTo(history);
    }

    @Test
    void aResentRequestIsMarkedOnItsLineAndOneSentOnceIsNot() throws Exception {
        HistoryRequest resent = Requests.of(1).user(1).append().resent().at(10, 11).ok("node1", "s", 1, 1);
        Path file = dir.resolve(HistoryFile.NAME);

        HistoryFile.write(file, List.of(resent, Requests.of(2).user(1).on("s").at(20, 21).ok("node1", "s", 1, 1)));

        assertThat(Files.readAllLines(file)).satisfiesExactly(
                first -> assertThat(first).contains("\"resent\":true"),
                second -> assertThat(second).doesNotContain("resent"));
        assertThat(read(OK_LINE).getFirst().resent()).isFalse();
    }

    @Test
    void aResentFlagThatIsNotTrueOrFalseIsRefused() {
        assertThatThrownBy(() -> read(OK_LINE.replace("\"outcome\"", "\"resent\":\"yes\",\"outcome\"")))
                .hasMessageEndingWith("line 1: \"resent\" is \"yes\"; it takes true or false");
    }

    @Test
    void aLineThatIsNotJsonIsNamedByItsNumber() throws Exception {
        assertThatThrownBy(() -> read(OK_LINE, "", "{\"id\":2,"))
                .isInstanceOf(HistoryFormatException.class).hasMessageContaining("line 3: not JSON")
                .hasMessageContaining("each line of a history is one request as a JSON object")
                .extracting(e -> ((HistoryFormatException) e).line()).isEqualTo(3);
    }

    @Test
    void anUnknownOperationSaysWhichItTakes() {
        assertThatThrownBy(() -> read(OK_LINE.replace("\"append\"", "\"write\"")))
                .hasMessageEndingWith("line 1: \"op\" is \"write\"; expected append, read or logout");
    }

    @Test
    void aMissingFieldIsNamed() {
        assertThatThrownBy(() -> read(OK_LINE.replace("\"element\":1,", "")))
                .hasMessageEndingWith("line 1: \"element\" is missing; it takes a whole number");
    }

    @Test
    void anUnknownOutcomeListsTheOutcomes() {
        assertThatThrownBy(() -> read(OK_LINE.replace("\"ok\"", "\"okay\"")))
                .hasMessageEndingWith("line 1: unknown outcome \"okay\"; expected one of: ok, failed, timeout");
    }

    @Test
    void aFailedRequestWithAnAnswerIsRefused() {
        assertThatThrownBy(() -> read(OK_LINE.replace("\"ok\"", "\"failed\"")))
                .hasMessageEndingWith("line 1: \"session\" belongs to an ok request's answer, and this one is failed:"
                        + " leave it out");
    }

    @Test
    void aListOfSomethingElseThanElementsIsRefused() {
        assertThatThrownBy(() -> read(OK_LINE.replace("[1]", "[\"1\"]")))
                .hasMessageContaining("line 1: \"read\" holds \"1\"; its elements are whole numbers");
    }

    @Test
    void twoRequestsWithOneIdAreRefused() {
        assertThatThrownBy(() -> read(OK_LINE, OK_LINE.replace("\"element\":1", "\"element\":2")))
                .hasMessageEndingWith("line 2: id 1 is taken by line 1; every request has an id of its own");
    }

    @Test
    void twoAppendsOfOneElementAreRefused() {
        assertThatThrownBy(() -> read(OK_LINE, OK_LINE.replace("\"id\":1", "\"id\":2")))
                .hasMessageContaining("line 2: element 1 is appended by line 1 too");
    }

    @Test
    void aRequestEndingBeforeItWasSentIsRefused() {
        assertThatThrownBy(() -> read(OK_LINE.replace("\"completeMicros\":20", "\"completeMicros\":5")))
                .hasMessageEndingWith("line 1: request 1 ends (5 µs) before it was sent (10 µs)");
    }

    private List<HistoryRequest> read(String... lines) throws Exception {
        Path file = dir.resolve(HistoryFile.NAME);
        Files.write(file, List.of(lines));
        return HistoryFile.read(file);
    }
}
