package io.replsim.scenario.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.replsim.loadgen.LoadResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * {@code agent.json}: what a load agent's run directory holds beside a run's files, for {@code replsim merge}: which
 * agent of how many it was, the scenario's users and how many of them it ran, the common start it was given, when
 * its load started and the seed its users drew from. Beside it {@code agent.hlog}: the histograms summary.json only
 * holds as percentiles and the latency log does not hold (the successful answers', the steady window's), so that the
 * merge adds histograms for those too instead of averaging percentiles.
 */
public record AgentRecord(int agent, int agents, int users, int usersRun, int seed, String startAt,
                          String loadStartedAt) {
    public static final String FILE = "agent.json";
    static final String HISTOGRAMS = "agent.hlog";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The agent's share as the command line writes it: {@code 1/2}. */
    public String share() {
        return agent + "/" + agents;
    }

    /**
     * The histograms of one agent's run that the merge adds: every successful answer's response time, and the
     * steady window's of every answer and of the successful ones alone, in microseconds.
     */
    record Histograms(Histogram served, Histogram steady, Histogram steadyServed) {
        private static final String SERVED = "served";
        private static final String STEADY = "steady";
        private static final String STEADY_SERVED = "steady-served";

        static Histograms of(LoadResult load) {
            return new Histograms(load.served().wholeMicros(), load.steady().latencyMicros(),
                    load.served().steadyMicros());
        }

        /** None recorded yet: what the first agent's histograms are added to. */
        static Histograms empty() {
            return new Histograms(grown(), grown(), grown());
        }

        void add(Histograms other) {
            served.add(other.served);
            steady.add(other.steady);
            steadyServed.add(other.steadyServed);
        }

        private static Histogram grown() {
            Histogram histogram = new Histogram(3);
            histogram.setAutoResize(true);
            return histogram;
        }
    }

    /** Writes agent.json and agent.hlog into the agent's run directory. */
    public static void write(Path directory, AgentRecord record, LoadResult load) throws IOException {
        JSON.writeValue(directory.resolve(FILE).toFile(), record);
        Histograms histograms = Histograms.of(load);
        HistogramLogWriter writer = new HistogramLogWriter(directory.resolve(HISTOGRAMS).toFile());
        try {
            writer.outputLogFormatVersion();
            writer.outputLegend();
            writeTagged(writer, histograms.served(), Histograms.SERVED);
            writeTagged(writer, histograms.steady(), Histograms.STEADY);
            writeTagged(writer, histograms.steadyServed(), Histograms.STEADY_SERVED);
        } finally {
            writer.close();
        }
    }

    /** An agent's record, when {@code directory} holds one. */
    static boolean recorded(Path directory) {
        return Files.isRegularFile(directory.resolve(FILE));
    }

    static AgentRecord read(Path directory) throws UnreadableRunException {
        Path file = directory.resolve(FILE);
        try {
            return JSON.readValue(file.toFile(), AgentRecord.class);
        } catch (IOException e) {
            throw new UnreadableRunException(file + " cannot be read as replsim agent wrote it (" + e.getMessage()
                    + "); run the agent again");
        }
    }

    static Histograms readHistograms(Path directory) throws UnreadableRunException {
        Path file = directory.resolve(HISTOGRAMS);
        Map<String, Histogram> byTag = new HashMap<>();
        try (HistogramLogReader reader = new HistogramLogReader(file.toFile())) {
            for (EncodableHistogram next = reader.nextIntervalHistogram(); next != null;
                 next = reader.nextIntervalHistogram()) {
                if (next instanceof Histogram histogram && histogram.getTag() != null) {
                    byTag.put(histogram.getTag(), histogram);
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new UnreadableRunException(file + " cannot be read as the agent's histograms (" + e.getMessage()
                    + "); run the agent again");
        }
        for (String tag : new String[] {Histograms.SERVED, Histograms.STEADY, Histograms.STEADY_SERVED}) {
            if (!byTag.containsKey(tag)) {
                throw new UnreadableRunException(file + " holds no histogram tagged " + tag + "; run the agent again");
            }
        }
        return new Histograms(byTag.get(Histograms.SERVED), byTag.get(Histograms.STEADY),
                byTag.get(Histograms.STEADY_SERVED));
    }

    private static void writeTagged(HistogramLogWriter writer, Histogram histogram, String tag) {
        Histogram copy = histogram.copy();
        copy.setTag(tag);
        copy.setStartTimeStamp(Math.max(0, histogram.getStartTimeStamp()));
        copy.setEndTimeStamp(Math.max(copy.getStartTimeStamp(), histogram.getEndTimeStamp()));
        writer.outputIntervalHistogram(copy);
    }
}
