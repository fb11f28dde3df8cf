package io.replsim.scenario.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.replsim.scenario.provenance.Jdk;
import io.replsim.scenario.provenance.ProbeSpread;
import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.provenance.ReplsimBuild;
import io.replsim.scenario.runtime.ClusterStartException;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A capacity comparison reads its variants' searches together: each variant's users sustained over the rounds, its
 * ratio to the reference of the same round, and the limits that bound it; a search that broke leaves its round out.
 */
class CapacityComparisonTest {

    static ComparisonPlan.Entry entry(String name) throws Exception {
        ScenarioSpec spec = ScenarioLoader.parse("name: " + name + "\ncluster: {nodes: 2}\n"
                + "load: {users: 4, thinkTime: 500ms, duration: 5s}\n", name + ".yaml");
        return new ComparisonPlan.Entry(name, spec, Path.of(name + ".yaml"));
    }

    static ComparisonPlan plan(int rounds) throws Exception {
        return new ComparisonPlan(Optional.empty(), List.of(entry("all"), entry("buddies")), rounds);
    }

    /** A search's answer bound by CPU, its interval ±5% and another search's ±10%. */
    static SearchFigures answer(int users) {
        return new SearchFigures(users, (int) (users * 0.95), (int) (users * 1.05), (int) (users * 0.9),
                (int) (users * 1.1), "fit", List.of("CPU"), "VALID", "users");
    }

    /** Each variant's answers, one per round. */
    static Comparison.Player player(Map<String, List<SearchFigures>> answers, List<String> played) {
        return (entry, round) -> {
            played.add(entry.name() + round);
            return new ComparedRun.Searched(entry.name(), round, answers.get(entry.name()).get(round - 1),
                    "runs/" + entry.name() + round);
        };
    }

    static CapacityComparison compare(ComparisonPlan plan, Comparison.Player player) throws Exception {
        return new CapacityComparison(plan, new Comparison(player, new PrintStream(new ByteArrayOutputStream(),
                true, StandardCharsets.UTF_8)).play(plan));
    }

    @Test
    void variantsAreSearchedInterleavedAndEachRatioIsTakenWithinItsRound() throws Exception {
        List<String> played = new ArrayList<>();
        // round 2 reads both 20% lower (the machine busier): within a round buddies still carries 1.3x
        var answers = Map.of("all", List.of(answer(1000), answer(800)),
                "buddies", List.of(answer(1300), answer(1040)));

        CapacityComparison result = compare(plan(2), player(answers, played));

        assertThat(played).containsExactly("all1", "buddies1", "all2", "buddies2");
        CapacityComparison.Row all = result.rows().get(0);
        assertThat(all.role()).isEqualTo(ComparisonResult.Role.REFERENCE);
        assertThat(all.usersSustained()).isEqualTo(new Band(800, 1000));
        assertThat(all.ratio()).isEqualTo(new Band(1, 1));
        CapacityComparison.Row buddies = result.rows().get(1);
        assertThat(buddies.role()).isEqualTo(ComparisonResult.Role.COMPARED);
        assertThat(buddies.usersSustained()).isEqualTo(new Band(1040, 1300));
        assertThat(buddies.ratio().min()).isCloseTo(1.3, within(1e-9));
        assertThat(buddies.ratio().max()).isCloseTo(1.3, within(1e-9));
        assertThat(buddies.binding()).containsExactly("CPU");
        assertThat(buddies.verdicts()).containsExactly("VALID", "VALID");
        assertThat(result.unit()).isEqualTo("users");
    }

    /** The console's table and lines for {@code result}. */
    static String printed(CapacityComparison result) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CapacityComparisonReport.print(result, provenance(), new ProbeSpread(3.3, 5.1, 4, 0.056),
                new PrintStream(out, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    /** What made the figures, fixed: a clean build on a 2-core machine at load 1.0, then 1.5. */
    static Provenance provenance() {
        Jdk jdk = new Jdk("25.0.3+9-LTS", "Eclipse Adoptium");
        return new Provenance(new ReplsimBuild("c1ad2415", false, "git"), jdk, "process", jdk, 2, 8L << 30, 1.0, 1.5,
                null, null, null, List.of());
    }

    @Test
    void aVariantAboveTheReferenceBeyondBothSearchesSpreadDiffers() throws Exception {
        var answers = Map.of("all", List.of(answer(1000), answer(1010)),
                "buddies", List.of(answer(1300), answer(1320)));

        CapacityComparison result = compare(plan(2), player(answers, new ArrayList<>()));

        RatioInterval interval = result.rows().get(1).interval();
        assertThat(interval.low()).isGreaterThan(1);
        assertThat(interval.verdict()).isEqualTo(RatioVerdict.DIFFERS);
        assertThat(result.rows().get(0).interval()).as("the reference against itself").isNull();
        assertThat(printed(result)).contains("machine speed: probe 3.30-5.10 ms over 4 runs (each its faster"
                + " reading; 1.55x), steal up to 5.6%: the machine's speed moved").contains("buddies: ratio " + interval.format() + ", 95% interval from the"
                + " searches' own intervals (wider than t over 2 rounds): differs");
    }

    @Test
    void aVariantWithinTheSearchesSpreadShowsNoDifference() throws Exception {
        var answers = Map.of("all", List.of(answer(1000), answer(1000)),
                "buddies", List.of(answer(1040), answer(990)));

        CapacityComparison result = compare(plan(2), player(answers, new ArrayList<>()));

        RatioInterval interval = result.rows().get(1).interval();
        assertThat(interval.low()).isLessThan(1);
        assertThat(interval.high()).isGreaterThan(1);
        assertThat(interval.verdict()).isEqualTo(RatioVerdict.NO_DIFFERENCE_SHOWN);
        assertThat(printed(result)).contains(": no difference shown");
    }

    @Test
    void aSearchThatBrokeLeavesItsRoundOutOfTheRatioAndIsCounted() throws Exception {
        Comparison.Player player = (entry, round) -> {
            if (entry.name().equals("all") && round == 1) {
                throw new ClusterStartException("node1 exited with code 1");
            }
            return new ComparedRun.Searched(entry.name(), round, answer(entry.name().equals("all") ? 1000 : 1500),
                    "runs/x");
        };

        CapacityComparison result = compare(plan(2), player);

        CapacityComparison.Row buddies = result.rows().get(1);
        assertThat(buddies.searched()).isEqualTo(2);
        assertThat(buddies.ratio()).as("round 1's reference broke: round 2's ratio alone").isEqualTo(new Band(1.5, 1.5));
        assertThat(result.rows().get(0).verdicts()).containsExactly("BROKE", "VALID");
        assertThat(result.broken()).isEqualTo(1);
    }

    @Test
    void theLimitsThatBoundEachSearchAreListedOnceAndACapIsNone() throws Exception {
        SearchFigures capped = new SearchFigures(2000, 2000, 2000, 2000, 2000, "steps", List.of(), "VALID", "users");
        var answers = Map.of("all", List.of(answer(1000), answer(1000), answer(1000)),
                "buddies", List.of(answer(1300), capped, answer(1200)));

        CapacityComparison result = compare(plan(3), player(answers, new ArrayList<>()));

        assertThat(result.rows().get(1).binding()).containsExactly("CPU", "none");
    }

    @Test
    void aBaselineIsNoPartOfACapacityComparison() throws Exception {
        ComparisonPlan withBaseline = new ComparisonPlan(Optional.of(entry("none")), List.of(entry("all")), 1);

        assertThatThrownBy(() -> new CapacityComparison(withBaseline, List.of()))
                .hasMessageContaining("its reference is the first scenario");
    }
}
