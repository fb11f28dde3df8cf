package io.replsim.scenario.run;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.replsim.scenario.report.RecordedRun;
import io.replsim.scenario.report.RunSummary;
import io.replsim.scenario.report.UnreadableRunException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A soak's directory read back: its soak.json (every drill's figures and the distributions over them) and, from
 * each drill's own summary.json under runs/, its sessions by verdict, so soak.html is drawn the same when the soak
 * ends and when {@code replsim report} draws it again.
 */
public record RecordedSoak(Path directory, SoakRunner.SoakSummary soak, List<DrillSessions> sessions) {
    public static final String FILE = "soak.json";
    static final String RUNS = "runs";
    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public RecordedSoak {
        sessions = List.copyOf(sessions);
    }

    /**
     * One drill's sessions by verdict, or why there are none: {@code sessions} is null when its serial oracle judged
     * none (tabs) or its summary.json is not in the directory, and {@code why} says which.
     */
    public record DrillSessions(int run, RunSummary.Verdicts sessions, String why) {}

    /** Whether {@code directory} is a soak's: it holds soak.json, which only replsim soak writes. */
    public static boolean isOne(Path directory) {
        return Files.isRegularFile(directory.resolve(FILE));
    }

    /** Reads a soak's directory; says what is unreadable, where, and what to do. */
    public static RecordedSoak read(Path directory) throws UnreadableRunException {
        Path file = directory.resolve(FILE);
        SoakRunner.SoakSummary soak;
        try {
            soak = JSON.readValue(file.toFile(), SoakRunner.SoakSummary.class);
        } catch (JacksonException e) {
            throw new UnreadableRunException(file + " cannot be read as replsim soak wrote it: "
                    + e.getOriginalMessage() + "; was it edited, or written by another version of replsim? run"
                    + " replsim soak again");
        } catch (IOException e) {
            throw new UnreadableRunException("cannot read " + file + ": " + e.getMessage());
        }
        if (soak.drills() == null || soak.viewChangeMs() == null || soak.failoverMs() == null) {
            throw new UnreadableRunException(file + " names no drills or distributions: it is not a soak's"
                    + " soak.json as replsim soak writes it; run replsim soak again");
        }
        List<DrillSessions> sessions = new ArrayList<>();
        for (SoakRunner.Drill drill : soak.drills()) {
            sessions.add(sessionsOf(directory, drill));
        }
        return new RecordedSoak(directory, soak, sessions);
    }

    /**
     * Prints what the soak printed: a line per drill (a drill soak.json does not name broke, its reason in soak.log)
     * and the summary over all drills.
     */
    public void printSummary(PrintStream out) {
        SoakConsole said = new SoakConsole(out);
        for (int run = 1; run <= soak.repeat(); run++) {
            int number = run;
            soak.drills().stream().filter(drill -> drill.run() == number).findFirst().ifPresentOrElse(
                    drill -> said.drill(drill, soak.repeat()),
                    () -> said.broke(number, soak.repeat(), "its reason is in soak.log"));
        }
        said.summary(soak, directory);
    }

    /** Draws soak.html again, over the one the soak wrote. */
    public Path writePage() throws IOException {
        Path page = directory.resolve(SoakPage.FILE);
        Files.writeString(page, SoakPage.render(this));
        return page;
    }

    /**
     * The drill's directory under this soak's runs/: soak.json names it as the soak saw it, which may be relative to
     * where the soak ran, so only its name is taken.
     */
    static Path runDirectory(Path soakDirectory, SoakRunner.Drill drill) {
        return soakDirectory.resolve(RUNS).resolve(Path.of(drill.directory()).getFileName());
    }

    private static DrillSessions sessionsOf(Path soakDirectory, SoakRunner.Drill drill) {
        Path summary = runDirectory(soakDirectory, drill).resolve(RecordedRun.SUMMARY);
        if (!Files.isRegularFile(summary)) {
            return new DrillSessions(drill.run(), null, "no " + soakDirectory.relativize(summary));
        }
        try {
            JsonNode root = JSON.readTree(summary.toFile());
            int tabs = root.path("load").path("tabs").asInt(1);
            if (tabs > 1) {
                return new DrillSessions(drill.run(), null, "not judged: " + tabs + " tabs a user");
            }
            if (!root.hasNonNull("sessions")) {
                return new DrillSessions(drill.run(), null, "none in " + soakDirectory.relativize(summary));
            }
            return new DrillSessions(drill.run(), JSON.treeToValue(root.get("sessions"), RunSummary.Verdicts.class),
                    "");
        } catch (IOException e) {
            return new DrillSessions(drill.run(), null, "unreadable " + soakDirectory.relativize(summary));
        }
    }
}
