package io.replsim.loadgen.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class ElleHistoryTest {

    private static List<String> edn(HistoryRequest... history) throws Exception {
        StringWriter out = new StringWriter();
        ElleHistory.write(List.of(history), out);
        return out.toString().lines().toList();
    }

    @Test
    void anAppendIsAnInvokeAndAnOkOfAppendThenReadOnItsSessionsKeyInRealTimeOrder() throws Exception {
        assertThat(edn(
                Requests.of(1).user(1).append().at(10, 11).ok("node1", "s", 1),
                Requests.of(2).user(1).on("s").at(20, 21).ok("node1", "s", 1)))
                .containsExactly(
                        "{:index 0, :type :invoke, :process 0, :time 0, :f :txn, :value [[:append \"s\" 1] [:r \"s\" nil]]}",
                        "{:index 1, :type :ok, :process 0, :time 1000000, :f :txn, :value [[:append \"s\" 1] [:r \"s\" [1]]]}",
                        "{:index 2, :type :invoke, :process 0, :time 10000000, :f :txn, :value [[:r \"s\" nil]]}",
                        "{:index 3, :type :ok, :process 0, :time 11000000, :f :txn, :value [[:r \"s\" [1]]]}");
    }

    @Test
    void aTimedOutRequestEndsInfoAndItsTabGoesOnAsANewProcess() throws Exception {
        assertThat(edn(
                Requests.of(1).user(1).append().at(10, 11).ended(Outcome.TIMEOUT),
                Requests.of(2).user(1).on("s").at(20, 21).ok("node1", "s", 1)))
                .extracting(line -> line.replaceAll(", :time \\d+, :f :txn", ""))
                .containsExactly(
                        "{:index 0, :type :invoke, :process 0, :value [[:append \"s\" 1] [:r \"s\" nil]]}",
                        "{:index 1, :type :info, :process 0, :value [[:append \"s\" 1] [:r \"s\" nil]]}",
                        "{:index 2, :type :invoke, :process 1, :value [[:r \"s\" nil]]}",
                        "{:index 3, :type :ok, :process 1, :value [[:r \"s\" [1]]]}");
    }

    @Test
    void requestsOfOneTabSentAtOnceAreProcessesOfTheirOwnAndASendAtTheSameMicrosecondAsAnEndComesFirst()
            throws Exception {
        assertThat(edn(
                Requests.of(1).user(1).append().at(10, 20).ok("node1", "s", 1),
                Requests.of(2).user(1).on("s").at(10, 30).ok("node1", "s", 1),
                Requests.of(3).user(1).on("s").at(20, 21).ok("node1", "s", 1)))
                .extracting(line -> line.replaceAll("\\{:index \\d+, |, :time \\d+, :f :txn, :value .*", ""))
                .containsExactly(":type :invoke, :process 0", ":type :invoke, :process 1",
                        ":type :invoke, :process 2", ":type :ok, :process 0", ":type :ok, :process 2",
                        ":type :ok, :process 1");
    }

    @Test
    void logoutsAndAnswersWithoutAListAreLeftOutAndAnUnansweredWriteTakesTheSessionThatShowedIt() throws Exception {
        assertThat(edn(
                Requests.of(1).user(1).append().at(10, 11).ended(Outcome.FAILED),
                Requests.of(2).user(1).on("s").at(20, 21).okWithoutList("node1", "s"),
                Requests.of(3).user(1).on("t").at(30, 31).ok("node1", "t", 1),
                Requests.of(4).user(1).on("t").logout().at(40, 41).ok("node1", "t")))
                .extracting(line -> line.replaceAll(".*:value ", ""))
                .containsExactly("[[:append \"t\" 1] [:r \"t\" nil]]}", "[[:append \"t\" 1] [:r \"t\" nil]]}",
                        "[[:r \"t\" nil]]}", "[[:r \"t\" [1]]]}");
    }
}
