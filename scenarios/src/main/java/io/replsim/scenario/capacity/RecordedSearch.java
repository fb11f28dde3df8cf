package io.replsim.scenario.capacity;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.report.UnreadableRunException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A capacity search's run directory as {@code replsim capacity} left it, read back from its summary.json so that
 * {@code replsim report} draws its answers and capacity.html again without searching.
 */
public record RecordedSearch(Path directory, CapacitySummary summary) {
    private static final String CSV = "capacity.csv";
    private static final String SUMMARY = "summary.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Whether {@code directory} is a capacity search's: it holds capacity.csv, which only a search writes. */
    public static boolean isOne(Path directory) {
        return Files.isRegularFile(directory.resolve(CSV));
    }

    /** Reads a search's directory; says what is missing or unreadable, where, and what to do. */
    public static RecordedSearch read(Path directory) throws UnreadableRunException {
        Path file = directory.resolve(SUMMARY);
        if (!Files.isRegularFile(file)) {
            throw new UnreadableRunException(directory + " holds no " + SUMMARY + ", the search's answers and steps:"
                    + " the search ended before it wrote them (it broke or was stopped), so there is nothing to"
                    + " re-render; run replsim capacity again");
        }
        try {
            return new RecordedSearch(directory, JSON.readValue(file.toFile(), CapacitySummary.class));
        } catch (JacksonException e) {
            throw new UnreadableRunException(file + " cannot be read as a capacity search wrote it: "
                    + e.getOriginalMessage() + "; was it edited, or written by another version of replsim? a new"
                    + " replsim capacity of its scenario.yaml writes it whole");
        } catch (IOException e) {
            throw new UnreadableRunException("cannot read " + file + ": " + e.getMessage());
        }
    }

    /** The searches' answers as the search printed them at its end. */
    public void printAnswers(PrintStream out) {
        CapacityConsole console = new CapacityConsole(out, SearchedLoad.ofUnit(summary.loadUnit()));
        console.result("capacity", summary.search());
        if (summary.oneNodeDown() != null) {
            console.result("capacity with one node down", summary.oneNodeDown());
        }
    }

    /** Draws capacity.html again, over the one the search wrote. */
    public Path writePage() throws IOException {
        Path page = directory.resolve(CapacityPage.FILE);
        CapacityPage.write(page, summary);
        return page;
    }
}
