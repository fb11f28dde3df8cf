package io.replsim.cli;

import io.replsim.loadgen.anomaly.Consistency;
import io.replsim.loadgen.anomaly.ConsistencyChecker;
import io.replsim.loadgen.history.ElleHistory;
import io.replsim.loadgen.history.HistoryFile;
import io.replsim.loadgen.history.HistoryFormatException;
import io.replsim.loadgen.history.History;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "check", description = {
        "Check a run's session history (history.jsonl) for consistency anomalies: lost updates, read-your-writes",
        "violated, non-monotonic reads, indeterminate writes applied (legal, counted), invalidated sessions answering",
        "again, writes applied twice; each with the requests that prove it. e.g. replsim check runs/<run>"},
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = {
                "0:no anomaly a correct cluster does not show",
                "1:an anomaly a correct cluster does not show (all but indeterminate writes applied)",
                "2:bad input: no history there, or a line that is not a request"})
final class CheckCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RUN", description = "a run directory holding " + HistoryFile.NAME
            + ", or a history file")
    Path input;

    @Option(names = "--elle", paramLabel = "FILE", description = "also write the history as EDN for Elle's"
            + " list-append checker (docs/drills.md, \"Confirming a run with Elle\")")
    Path elle;

    @Override
    public Integer call() {
        Path file = Files.isDirectory(input) ? input.resolve(HistoryFile.NAME) : input;
        History history;
        try {
            if (!Files.isRegularFile(file)) {
                System.err.println("replsim check: " + (Files.isDirectory(input)
                        ? input + " holds no " + HistoryFile.NAME + "; give the directory of a run that wrote one,"
                        + " or the history file itself"
                        : "no history at " + input + "; give a run directory holding " + HistoryFile.NAME
                        + ", or the history file itself"));
                return ReplsimCommand.BAD_INPUT;
            }
            history = HistoryFile.readHistory(file);
            if (elle != null) {
                try (Writer out = Files.newBufferedWriter(elle, StandardCharsets.UTF_8)) {
                    ElleHistory.write(history.requests(), out);
                }
            }
        } catch (HistoryFormatException e) {
            System.err.println("replsim check: " + e.getMessage() + "; each line is one request as "
                    + HistoryFile.NAME + " holds them (docs/drills.md, \"Session consistency\")");
            return ReplsimCommand.BAD_INPUT;
        } catch (IOException e) {
            System.err.println("replsim check: cannot read or write " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        Consistency consistency = ConsistencyChecker.check(history);
        ConsistencyReport.print(file, consistency, System.out);
        if (elle != null) {
            System.out.println("elle      " + elle + " (EDN for Elle's list-append checker)");
        }
        return consistency.illegal().isEmpty() ? 0 : ReplsimCommand.CHECKS_FAILED;
    }
}
