package io.replsim.scenario.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** What the tests of a declared {@link CountSection} ask of it and of the writers that read it. */
final class DeclaredCounts {
    private static final ObjectMapper JSON = new ObjectMapper();

    private DeclaredCounts() {
    }

    /** The section's keys are its record's components, in order, and its labels are distinct. */
    static <S extends Record> void declaresEachComponent(CountSection<S> section, Class<S> type) {
        assertThat(keys(section)).as("the declared keys of " + type.getSimpleName())
                .isEqualTo(Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList());
        assertThat(section.figures().stream().map(CountFigure::label).toList()).doesNotHaveDuplicates();
    }

    /** Jackson writes each declared key, in order, with its source's value, and reads {@code counts} back equal. */
    static <S extends Record> void writtenAndReadBack(CountSection<S> section, S counts, Class<S> type)
            throws IOException {
        String text = JSON.writeValueAsString(counts);
        JsonNode written = JSON.readTree(text);
        assertThat(keysOf(written)).as("summary.json's keys of " + type.getSimpleName()).isEqualTo(keys(section));
        for (CountFigure<S> figure : section.figures()) {
            assertThat(written.get(figure.key()).asLong()).as(figure.key()).isEqualTo(figure.valueOf(counts));
        }
        assertThat(JSON.readValue(text, type)).isEqualTo(counts);
    }

    /** The keys of a summary.json object as written, in order. */
    static List<String> keysOf(JsonNode written) {
        List<String> keys = new ArrayList<>();
        written.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    /** Each figure the console prints among its section's, as {@code <count> <label>}, in the declared order. */
    static <S> String printedAsDeclared(CountSection<S> section, S counts, String separator) {
        return section.figures().stream().filter(figure -> figure.printed() != CountFigure.Printed.APART)
                .map(figure -> String.format(Locale.ROOT, "%,d %s", figure.valueOf(counts), figure.label()))
                .collect(Collectors.joining(separator));
    }

    /** The one line of {@code printed} that starts with {@code start}. */
    static String line(String printed, String start) {
        List<String> lines = printed.lines().filter(text -> text.startsWith(start)).toList();
        assertThat(lines).as(printed).hasSize(1);
        return lines.getFirst();
    }

    static String print(RunSummary summary) {
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        new ConsoleReport(new PrintStream(printed, true, StandardCharsets.UTF_8)).print(summary);
        return printed.toString(StandardCharsets.UTF_8);
    }

    /** {@code s} with these counts and request rows instead of its own. */
    static RunSummary with(RunSummary s, RunSummary.Requests requests, RunSummary.Verdicts sessions,
                           RunSummary.ResponseVerdicts responses, List<RunSummary.RequestTypeRow> rows) {
        return new RunSummary(s.scenario(), s.runDirectory(), s.startedAt(), s.wallMs(), s.verdict(), s.cluster(),
                s.load(), requests, s.throughputPerSec(), s.latencyMs(), sessions, responses, s.faults(), s.nodes(),
                s.checks(), s.validity(), rows, s.open(), s.connections(), s.servedLatencyMs(), s.users(),
                s.anomalies(), s.provenance(), s.external());
    }

    private static <S> List<String> keys(CountSection<S> section) {
        return section.figures().stream().map(CountFigure::key).toList();
    }
}
