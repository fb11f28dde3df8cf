package io.replsim.loadgen.history;

import com.fasterxml.jackson.core.JsonProcessingException;
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
 * A history as {@code history.jsonl}: one request a line ({@link HistoryLineFormat}), in any order. Reading it
 * refuses a line that is not a request, and two requests with one id or appending one element (each element names
 * the one request that appended it, which is what lets a read prove whose writes it holds).
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
        List<HistoryRequest> requests = new ArrayList<>();
        Map<Long, Integer> lineOfId = new HashMap<>();
        Map<Long, Integer> lineOfElement = new HashMap<>();
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            int number = 0;
            for (String text = reader.readLine(); text != null; text = reader.readLine()) {
                number++;
                if (text.isBlank()) {
                    continue;
                }
                HistoryRequest request = parse(file, number, text);
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
        return requests;
    }

    private static HistoryRequest parse(Path file, int number, String text) {
        try {
            return HistoryLineFormat.read(HistoryLineFormat.JSON.readTree(text));
        } catch (JsonProcessingException e) {
            throw new HistoryFormatException(file, number, "not JSON (" + e.getOriginalMessage()
                    + "); each line of a history is one request as a JSON object");
        } catch (IllegalArgumentException e) {
            throw new HistoryFormatException(file, number, e.getMessage());
        }
    }

    /** Writes {@code requests} to {@code file}, one a line, replacing what it held. */
    public static void write(Path file, List<HistoryRequest> requests) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (HistoryRequest request : requests) {
                out.write(HistoryLineFormat.JSON.writeValueAsString(HistoryLineFormat.write(request)));
                out.write('\n');
            }
        }
    }
}
