package io.replsim.loadgen.history;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A history as {@code history.jsonl}: one request a line ({@link HistoryLineFormat}), in any order, and at most one
 * {@code {"dropped":N}} line counting the requests the driver recorded but dropped unwritten ({@link HistoryRecorder}).
 * Reading it refuses a line that is not a request, and two requests with one id or appending one element (each
 * element names the one request that appended it, which is what lets a read prove whose writes it holds).
 */
public final class HistoryFile {

    /** The name a run directory gives its history. */
    public static final String NAME = "history.jsonl";

    private HistoryFile() {
    }

    /**
     * The requests of {@code file}.
     *
     * @throws HistoryFormatException naming the line and what is wrong on it
     */
    public static List<HistoryRequest> read(Path file) throws IOException {
        return readHistory(file).requests();
    }

    /**
     * The requests of {@code file} and the count of those dropped unwritten.
     *
     * @throws HistoryFormatException naming the line and what is wrong on it
     */
    public static History readHistory(Path file) throws IOException {
        List<HistoryRequest> requests = new ArrayList<>();
        long dropped = 0;
        int droppedLine = 0;
        Map<Long, Integer> lineOfId = new HashMap<>();
        Map<Long, Integer> lineOfElement = new HashMap<>();
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            int number = 0;
            for (String text = reader.readLine(); text != null; text = reader.readLine()) {
                number++;
                if (text.isBlank()) {
                    continue;
                }
                JsonNode line = json(file, number, text);
                if (HistoryLineFormat.isDropped(line)) {
                    if (droppedLine > 0) {
                        throw new HistoryFormatException(file, number, "a second dropped count (line " + droppedLine
                                + " has one); a history ends with at most one");
                    }
                    droppedLine = number;
                    dropped = droppedCount(file, number, line.get(HistoryLineFormat.DROPPED));
                    continue;
                }
                HistoryRequest request = parse(file, number, line);
                Integer idTaken = lineOfId.putIfAbsent(request.id(), number);
                if (idTaken != null) {
                    throw new HistoryFormatException(file, number, "id " + request.id() + " is taken by line "
                            + idTaken + "; every request has an id of its own");
                }
                if (request.appended().isPresent()) {
                    Integer elementTaken = lineOfElement.putIfAbsent(request.appended().getAsLong(), number);
                    if (elementTaken != null) {
                        throw new HistoryFormatException(file, number, "element " + request.appended().getAsLong()
                                + " is appended by line " + elementTaken + " too; every append has an element of its"
                                + " own (the request's id), so a read shows whose writes it holds");
                    }
                }
                requests.add(request);
            }
        }
        return new History(requests, dropped);
    }

    private static JsonNode json(Path file, int number, String text) {
        try {
            return HistoryLineFormat.JSON.readTree(text);
        } catch (JsonProcessingException e) {
            throw new HistoryFormatException(file, number, "not JSON (" + e.getOriginalMessage()
                    + "); each line of a history is one request as a JSON object");
        }
    }

    private static long droppedCount(Path file, int number, JsonNode count) {
        if (!count.isIntegralNumber() || !count.canConvertToLong() || count.asLong() < 0) {
            throw new HistoryFormatException(file, number, "\"dropped\" is " + count + "; it takes a whole number"
                    + " from 0, the requests the driver recorded but could not write");
        }
        return count.asLong();
    }

    private static HistoryRequest parse(Path file, int number, JsonNode line) {
        try {
            return HistoryLineFormat.read(line);
        } catch (IllegalArgumentException e) {
            throw new HistoryFormatException(file, number, e.getMessage());
        }
    }

    /** Writes {@code requests} to {@code file}, one a line, replacing what it held. */
    public static void write(Path file, List<HistoryRequest> requests) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (HistoryRequest request : requests) {
                out.write(HistoryLineFormat.line(request));
                out.write('\n');
            }
        }
    }
}
