package io.replsim.scenario.spec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.replsim.replication.Placement;
import io.replsim.settings.DataSize;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A scenario file's {@code matrix:} expanded into its variants, each read by the scenario's own readers, and each
 * way a matrix can be wrong made to happen: every problem names the matrix key it comes from.
 */
class ScenarioMatrixTest {

    private static final String SOURCE = "m.yaml";

    /** A valid scenario the matrices below vary; {@code matrix} is put at its top. */
    private static String file(String matrix) {
        return matrix + """

                name: m
                cluster: {nodes: 3}
                replication: {placement: all, granularity: session}
                workload:
                  app: profile
                  profile: {attributes: 4, attributeSize: 1KB, shape: bytes}
                load: {users: 4, thinkTime: 200ms, rampUp: 1s, duration: 8s}
                faults:
                  - {type: double-kill, at: 4s, target: primary-of-most, gap: 100ms}
                """;
    }

    private static List<ScenarioVariant> variants(String matrix) throws SpecException {
        return ScenarioLoader.variantsOf(file(matrix), SOURCE);
    }

    private static List<SpecProblem> problems(String matrix) {
        try {
            variants(matrix);
        } catch (SpecException e) {
            return e.problems();
        }
        throw new AssertionError("the matrix was accepted: " + matrix);
    }

    /** What the readers say of {@code replacement} written in the file itself, without a matrix. */
    private static SpecProblem readersOwn(String original, String replacement) {
        try {
            ScenarioLoader.parse(file("").replace(original, replacement), SOURCE);
        } catch (SpecException e) {
            return e.problems().getFirst();
        }
        throw new AssertionError("the file was accepted with " + replacement);
    }

    @Test
    void twoKeysOfTwoValuesAreFourVariantsNamedByTheirValuesTheFirstKeyChangingSlowest() throws Exception {
        List<ScenarioVariant> variants = variants("""
                matrix: {replication.placement: [all, buddies], workload.profile.attributeSize: [2KB, 16KB]}
                """);

        assertThat(variants).extracting(ScenarioVariant::name).containsExactly("placement=all,attributeSize=2KB",
                "placement=all,attributeSize=16KB", "placement=buddies,attributeSize=2KB",
                "placement=buddies,attributeSize=16KB");
        assertThat(variants).allMatch(ScenarioVariant::ofMatrix);
        ScenarioVariant last = variants.getLast();
        assertThat(last.spec().replication().placement()).isInstanceOf(Placement.Buddies.class);
        assertThat(last.spec().workload().profile().attributeBytes()).isEqualTo(DataSize.parse("16KB").bytes());
        assertThat(last.spec().workload().profile().attributes()).as("the file's own fields stay").isEqualTo(4);
        assertThat(variants).extracting(variant -> variant.spec().name()).containsExactly("m-all-2KB", "m-all-16KB",
                "m-buddies-2KB", "m-buddies-16KB");
    }

    @Test
    void eachVariantsOwnFileHasNoMatrixAndReadsBackAsTheSameScenario() throws Exception {
        for (ScenarioVariant variant : variants("matrix: {replication.placement: [all, buddies]}\n")) {
            String played = variant.played().orElseThrow();
            assertThat(played).startsWith("# " + variant.name() + ": one variant of m.yaml").doesNotContain("matrix");
            assertThat(ScenarioLoader.parse(played, "played.yaml")).isEqualTo(variant.spec());
        }
    }

    @Test
    void namedValuesSetSeveralFieldsOfAMapTogetherAndLeaveItsOthers() throws Exception {
        List<ScenarioVariant> variants = variants("""
                matrix:
                  replication.granularity: [session, attribute]
                  workload.profile:
                    small: {attributes: 4, attributeSize: 800B}
                    large: {attributes: 32, attributeSize: 2KB}
                """);

        assertThat(variants).extracting(ScenarioVariant::name).containsExactly("granularity=session,profile=small",
                "granularity=session,profile=large", "granularity=attribute,profile=small",
                "granularity=attribute,profile=large");
        var large = variants.getLast().spec().workload().profile();
        assertThat(large.attributes()).isEqualTo(32);
        assertThat(large.attributeBytes()).isEqualTo(DataSize.parse("2KB").bytes());
        assertThat(large.shape()).isEqualTo(variants.getFirst().spec().workload().profile().shape());
    }

    @Test
    void aFieldOfAListItemTheFileHasIsSetByItsIndex() throws Exception {
        List<ScenarioVariant> variants = variants("matrix:\n  faults[0].gap: [100ms, 5s]\n");

        assertThat(variants).extracting(ScenarioVariant::name).containsExactly("gap=100ms", "gap=5s");
        assertThat(variants.getLast().spec().faults().getFirst()).isInstanceOfSatisfying(DoubleKillSpec.class,
                kill -> assertThat(kill.gap()).isEqualTo(Duration.ofSeconds(5)));
    }

    @Test
    void twoKeysEndingInTheSameFieldAreLabelledByTheirWholePaths() throws Exception {
        List<ScenarioVariant> variants = variants("""
                matrix: {workload.profile.attributes: [4], capacity.startUsers: [10], load.users: [4, 8]}
                """);

        assertThat(variants).extracting(ScenarioVariant::name)
                .containsExactly("attributes=4,startUsers=10,users=4", "attributes=4,startUsers=10,users=8");
    }

    @Test
    void aValueTheReaderRefusesIsTheReadersOwnProblemAtTheMatrixKey() {
        SpecProblem own = readersOwn("placement: all", "placement: everywhere");

        assertThat(problems("matrix: {replication.placement: [all, everywhere]}\n")).containsExactly(
                new SpecProblem("matrix: replication.placement", "everywhere", own.expected()));
    }

    @Test
    void aNamedValueTheReaderRefusesNamesTheValueAndTheFieldInIt() {
        SpecProblem own = readersOwn("attributes: 4", "attributes: 0");

        assertThat(problems("""
                matrix: {workload.profile: {small: {attributes: 0}, large: {attributes: 32}}}
                """)).containsExactly(new SpecProblem("matrix: workload.profile.attributes (value small)", "0",
                own.expected()));
    }

    @Test
    void anUnknownKeyIsTheReadersUnknownFieldAtTheKeysPathWithItsSuggestion() {
        assertThat(problems("matrix: {replication.placment: [all, buddies]}\n")).singleElement().satisfies(problem -> {
            assertThat(problem.path()).isEqualTo("matrix: replication.placment");
            assertThat(problem.value()).isEqualTo("placment");
            assertThat(problem.expected()).startsWith("one of the fields of replication: ")
                    .endsWith("(did you mean placement?)");
        });
        assertThat(problems("matrix: {replicaton.placement: [all, buddies]}\n")).singleElement().satisfies(problem -> {
            assertThat(problem.path()).isEqualTo("matrix: replicaton.placement");
            assertThat(problem.expected()).endsWith("(did you mean replication?)");
        });
    }

    @Test
    void aKeyThatIsNoPathOfFieldsIsRefused() {
        assertThat(problems("matrix: {replication..placement: [all, buddies]}\n")).containsExactly(new SpecProblem(
                "matrix: replication..placement", "replication..placement", MatrixKey.EXPECTED));
    }

    @Test
    void aKeyThroughAValueThatIsNoMapIsRefusedSayingWhatIsThere() {
        assertThat(problems("matrix: {load.users.count: [4, 8]}\n")).singleElement().satisfies(problem -> {
            assertThat(problem.path()).isEqualTo("matrix: load.users.count");
            assertThat(problem.expected()).contains("load.users is 4, not a map");
        });
    }

    @Test
    void aListItemTheFileDoesNotHaveIsRefused() {
        assertThat(problems("matrix:\n  faults[1].at: [2s, 3s]\n")).singleElement().satisfies(problem -> {
            assertThat(problem.path()).isEqualTo("matrix: faults[1].at");
            assertThat(problem.expected()).contains("faults has 1 item(s), and a matrix adds none");
        });
    }

    @Test
    void valuesThatAreNoListOrNamedMapAreRefused() {
        assertThat(problems("matrix: {replication.placement: all}\n")).singleElement()
                .satisfies(problem -> assertThat(problem.expected()).startsWith("a list of the values the field takes"));
        assertThat(problems("matrix: {replication.placement: []}\n")).singleElement()
                .satisfies(problem -> assertThat(problem.expected()).startsWith("a list of the values the field takes"));
    }

    @Test
    void aListItemThatIsAMapIsRefusedSayingToNameIt() {
        assertThat(problems("matrix: {workload.profile: [{attributes: 4}, {attributes: 32}]}\n")).singleElement()
                .satisfies(problem -> {
                    assertThat(problem.path()).isEqualTo("matrix: workload.profile");
                    assertThat(problem.expected()).contains("name the values");
                });
    }

    @Test
    void aValueWrittenTwiceIsRefused() {
        assertThat(problems("matrix: {replication.placement: [all, all]}\n")).singleElement()
                .satisfies(problem -> assertThat(problem.expected()).isEqualTo("each value once: all is written twice"));
    }

    @Test
    void theNameIsNoKeyOfAMatrix() {
        assertThat(problems("matrix: {name: [a, b]}\n")).singleElement()
                .satisfies(problem -> assertThat(problem.expected()).startsWith("a field other than name"));
    }

    @Test
    void twoKeysSettingTheSameFieldAreRefused() {
        assertThat(problems("""
                matrix: {replication: {a: {placement: all}}, replication.placement: [all, buddies]}
                """)).singleElement().satisfies(problem -> {
                    assertThat(problem.path()).isEqualTo("matrix: replication.placement");
                    assertThat(problem.expected()).startsWith("a field apart from replication");
                });
    }

    @Test
    void moreVariantsThanTheMostAreRefused() {
        assertThat(problems("""
                matrix: {load.users: [1, 2, 3, 4, 5, 6], load.thinkTime: [1s, 2s, 3s, 4s, 5s, 6s]}
                """)).singleElement().satisfies(problem -> {
                    assertThat(problem.path()).isEqualTo("matrix");
                    assertThat(problem.value()).isEqualTo("36 variants");
                });
    }

    @Test
    void aMatrixThatIsNoMapIsRefused() {
        assertThat(problems("matrix: [all, buddies]\n")).singleElement()
                .satisfies(problem -> assertThat(problem.path()).isEqualTo("matrix"));
        assertThat(problems("matrix: {}\n")).singleElement()
                .satisfies(problem -> assertThat(problem.path()).isEqualTo("matrix"));
    }

    @Test
    void aProblemOnlySomeVariantsHaveNamesThemAndOneEveryVariantHasIsTheFilesOwn() {
        String pools = file("matrix: {cluster.nodes: [4, 3]}\n")
                .replace("placement: all,", "placement: buddies, buddyPools: [[node1, node3], [node2, node4]],")
                .replace("users: 4,", "users: 0,");

        List<SpecProblem> problems;
        try {
            ScenarioLoader.variantsOf(pools, SOURCE);
            throw new AssertionError("accepted");
        } catch (SpecException e) {
            problems = e.problems();
        }

        assertThat(problems).extracting(SpecProblem::path)
                .containsExactlyInAnyOrder("matrix variant nodes=3: replication.buddyPools[1][1]", "load.users");
    }

    @Test
    void aFileWithAMatrixIsRefusedWhenPlayedOnItsOwnPointingAtCompareAndValidate() {
        assertThatThrownBy(() -> ScenarioLoader.parse(file("matrix: {replication.placement: [all, buddies]}\n"),
                SOURCE)).isInstanceOfSatisfying(SpecException.class, e -> assertThat(e.problems()).singleElement()
                .satisfies(problem -> {
                    assertThat(problem.path()).isEqualTo("matrix");
                    assertThat(problem.expected()).contains("replsim compare m.yaml plays each of its variants")
                            .contains("replsim validate m.yaml checks them all");
                }));
    }

    @Test
    void aFileWithoutAMatrixIsOneScenarioUnderItsOwnName() throws Exception {
        assertThat(variants("")).singleElement().satisfies(variant -> {
            assertThat(variant.name()).isEqualTo("m");
            assertThat(variant.ofMatrix()).isFalse();
        });
    }
}
