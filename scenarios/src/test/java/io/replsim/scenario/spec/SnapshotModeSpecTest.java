package io.replsim.scenario.spec;

import static io.replsim.scenario.spec.Scenarios.problemsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.replsim.replication.SnapshotMode;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** {@code replication.snapshotMode} and {@code replication.snapshotInterval}, read and refused by path. */
class SnapshotModeSpecTest {
    private static final String HEAD = """
            name: snap
            cluster: {nodes: 3}
            load: {users: 10, thinkTime: 1s, duration: 60s}
            """;

    private static SnapshotMode read(String replication) throws Exception {
        return ScenarioLoader.parse(HEAD + replication, Scenarios.SOURCE).replication().snapshot();
    }

    @Test
    void instantByDefaultIntervalOfOneSecondWhenAskedAndItsIntervalWhenGiven() throws Exception {
        assertThat(read("")).isEqualTo(SnapshotMode.INSTANT);
        assertThat(read("replication: {snapshotMode: instant}\n")).isEqualTo(SnapshotMode.INSTANT);
        assertThat(read("replication: {snapshotMode: interval}\n"))
                .isEqualTo(new SnapshotMode.Interval(Duration.ofSeconds(1)));
        assertThat(read("replication: {snapshotMode: interval, snapshotInterval: 250ms}\n"))
                .isEqualTo(new SnapshotMode.Interval(Duration.ofMillis(250)));
        assertThat(read("replication: {snapshotMode: interval, delivery: async}\n"))
                .isInstanceOf(SnapshotMode.Interval.class);
    }

    @Test
    void anUnknownModeIsRefusedListingTheModes() {
        assertThat(problemsOf(HEAD + "replication: {snapshotMode: periodic}\n")).singleElement().satisfies(p -> {
            assertThat(p.path()).isEqualTo("replication.snapshotMode");
            assertThat(p.expected()).contains("instant, interval");
        });
    }

    @Test
    void anIntervalThatIsNotPositiveOrNotWholeMillisecondsOrHasNoUnitIsRefusedAtItsField() {
        for (String bad : new String[] {"0s", "-1s", "1500us", "25h", "1000"}) {
            assertThat(problemsOf(HEAD + "replication: {snapshotMode: interval, snapshotInterval: " + bad + "}\n"))
                    .as(bad).extracting(SpecProblem::path).containsExactly("replication.snapshotInterval");
        }
    }

    @Test
    void anIntervalWithModeInstantOrNoModeIsAnError() {
        assertThat(problemsOf(HEAD + "replication: {snapshotInterval: 2s}\n")).singleElement().satisfies(p -> {
            assertThat(p.path()).isEqualTo("replication.snapshotInterval");
            assertThat(p.expected()).contains("snapshotMode is interval");
        });
        assertThat(problemsOf(HEAD + "replication: {snapshotMode: instant, snapshotInterval: 2s}\n"))
                .extracting(SpecProblem::path).containsExactly("replication.snapshotInterval");
    }

    @Test
    void intervalIsRefusedWhereItCannotMeanAnythingNamingWhatToDo() {
        assertThat(problemsOf(HEAD + "replication: {snapshotMode: interval, engine: infinispan}\n")).singleElement()
                .satisfies(p -> {
                    assertThat(p.path()).isEqualTo("replication.snapshotMode");
                    assertThat(p.expected()).contains("remove snapshotMode").contains("engine: jgroups");
                });
        assertThat(problemsOf(HEAD + "replication: {snapshotMode: interval, placement: none}\n")).singleElement()
                .satisfies(p -> {
                    assertThat(p.path()).isEqualTo("replication.snapshotMode");
                    assertThat(p.expected()).contains("placement: none");
                });
        assertThat(problemsOf("""
                name: snap
                cluster: {nodes: 2, runtime: tomcat}
                load: {users: 10, thinkTime: 1s, duration: 60s}
                replication: {snapshotMode: interval}
                """)).extracting(SpecProblem::path).containsExactly("replication.snapshotMode");
    }
}
