package io.replsim.scenario.report;

import io.replsim.loadgen.check.SessionOutcome;
import io.replsim.loadgen.record.UserTimeline;
import io.replsim.scenario.fault.FaultEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * {@code sessions.csv}: every session a user held and every attempt never served, a row each, with the verdict the
 * users' serial oracle gave it, so a spreadsheet finds the users behind summary.json's sessions by verdict (the rows
 * of each verdict add up to its count there). Columns: {@code user} (its index from 0, as in history.jsonl),
 * {@code session} (its id; empty for an attempt never served), {@code nodes} (those that answered on it, in the order
 * they first did, separated by spaces), {@code verdict} (as the console and report.html name it: OK, STALE, LOST,
 * CORRUPT, FAILED, EXPIRED, NEVER SERVED), {@code failoverWaitMs} (the user's: for each confirmed fault that found it
 * on one of the fault's nodes, the milliseconds until its first good answer elsewhere, or {@code never}, separated by
 * spaces; the same on each of the user's rows) and {@code requests} (those whose outcome came while the session was
 * held). A run with tabs has no rows: its sessions are not judged one request at a time.
 */
public final class SessionsCsv {
    public static final String FILE = "sessions.csv";
    static final String HEADER = "user,session,nodes,verdict,failoverWaitMs,requests";
    static final String NEVER_SERVED = "NEVER SERVED";

    private SessionsCsv() {
    }

    /** One row: a session a user held, or an attempt of its never served. */
    public record Row(int user, String session, List<String> nodes, String verdict, List<String> failoverWaitMs,
                      long requests) {
        public Row {
            nodes = List.copyOf(nodes);
            failoverWaitMs = List.copyOf(failoverWaitMs);
        }
    }

    /** The rows of a run: each user's sessions in order, with its failover waits after the {@code faults} shown. */
    static List<Row> rows(List<UserTimeline> timelines, List<FaultEvent> confirmedStarts) {
        List<Row> rows = new ArrayList<>();
        for (UserTimeline timeline : timelines) {
            List<String> waits = new ArrayList<>();
            for (FaultEvent start : confirmedStarts) {
                if (FailoverAnalysis.wasOn(timeline, start)) {
                    waits.add(FailoverAnalysis.firstGoodResponseElsewhere(timeline, start.nodes(), start.epochMs())
                            .map(at -> String.valueOf(at - start.epochMs())).orElse("never"));
                }
            }
            for (SessionOutcome session : timeline.sessions()) {
                rows.add(new Row(timeline.user(), session.served() ? session.session() : "", session.nodes(),
                        session.served() ? session.verdict().name() : NEVER_SERVED, waits, session.requests()));
            }
        }
        return rows;
    }

    /** Writes {@code rows} to {@code directory}/sessions.csv (the directory made when missing); returns the file. */
    public static Path write(List<Row> rows, Path directory) throws IOException {
        Files.createDirectories(directory);
        StringBuilder csv = new StringBuilder(HEADER).append('\n');
        for (Row row : rows) {
            csv.append(row.user()).append(',').append(new CsvCell(row.session()).written()).append(',')
                    .append(new CsvCell(String.join(" ", row.nodes())).written()).append(',')
                    .append(row.verdict()).append(',')
                    .append(String.join(" ", row.failoverWaitMs())).append(',').append(row.requests()).append('\n');
        }
        Path file = directory.resolve(FILE);
        Files.writeString(file, csv, StandardCharsets.UTF_8);
        return file;
    }

    /**
     * The rows of the sessions.csv in {@code runDirectory}; empty when the run wrote none (before replsim did). Says
     * which line does not read, and what to do.
     */
    public static Optional<List<Row>> read(Path runDirectory) throws UnreadableRunException {
        Path file = runDirectory.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UnreadableRunException("cannot read " + file + ": " + e.getMessage());
        }
        if (lines.isEmpty() || !lines.getFirst().equals(HEADER)) {
            throw new UnreadableRunException(file + " does not start with the header " + HEADER + "; was it edited?"
                    + " a new run of its scenario.yaml writes it whole");
        }
        List<Row> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            rows.add(row(file, i + 1, lines.get(i)));
        }
        return Optional.of(rows);
    }

    private static Row row(Path file, int number, String line) throws UnreadableRunException {
        try {
            List<String> cells = cells(line);
            if (cells.size() != 6) {
                throw new IllegalArgumentException(cells.size() + " cells, not 6");
            }
            return new Row(Integer.parseInt(cells.get(0)), cells.get(1), words(cells.get(2)), cells.get(3),
                    words(cells.get(4)), Long.parseLong(cells.get(5)));
        } catch (IllegalArgumentException e) {
            throw new UnreadableRunException(file + " line " + number + " is not a row of " + HEADER + " ("
                    + e.getMessage() + "): " + line + "; was it edited? a new run of its scenario.yaml writes it"
                    + " whole");
        }
    }

    private static List<String> words(String cell) {
        return cell.isEmpty() ? List.of() : Arrays.asList(cell.split(" "));
    }

    /** A line's cells, a quoted one unquoted. */
    private static List<String> cells(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                cell.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("a quote left open");
        }
        cells.add(cell.toString());
        return cells;
    }
}
