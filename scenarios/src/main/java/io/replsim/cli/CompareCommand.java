package io.replsim.cli;

import io.replsim.scenario.compare.ComparedRun;
import io.replsim.scenario.compare.Comparison;
import io.replsim.scenario.compare.ComparisonCsv;
import io.replsim.scenario.compare.ComparisonPage;
import io.replsim.scenario.compare.ComparisonPlan;
import io.replsim.scenario.compare.ComparisonReport;
import io.replsim.scenario.compare.ComparisonResult;
import io.replsim.scenario.compare.DriversDiffer;
import io.replsim.scenario.compare.RunFigures;
import io.replsim.scenario.compare.SameLoad;
import io.replsim.scenario.provenance.NodesRuntime;
import io.replsim.scenario.provenance.ProbeSpread;
import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.provenance.ProvenanceStart;
import io.replsim.scenario.provenance.ScenarioHash;
import io.replsim.scenario.run.RunOutcome;
import io.replsim.scenario.run.ScenarioRunner;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.spec.ScenarioVariant;
import io.replsim.scenario.spec.SpecException;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "compare", description = {
        "Play several scenarios round after round, interleaved (a, b, a, b), each on a fresh cluster, and report",
        "each figure as its band over the rounds: node CPU, what it costs above a baseline, the ratios to the first",
        "scenario taken round by round, replication time, p50/p90 and request rate. The scenarios must put the same",
        "load on the same cluster (nodes, CPU budget, users, think time, warm-up, duration, script): what differs",
        "is what is compared. e.g. replsim compare --baseline scenarios/cost/none-3k.yaml",
        "scenarios/cost/session-64k.yaml scenarios/cost/session-3k.yaml. Each ratio has a 95%% interval and a verdict:",
        "differs only when the interval excludes 1.0, else no difference shown. compare.json, compare.csv and",
        "compare.html (each ratio a bar with its interval as a whisker; replsim report draws it again).",
        "With --capacity each scenario's users sustained are searched instead (the capacity search, its warm-up",
        "included, on a fresh cluster each round): the first column is users sustained, with its ratio to the",
        "reference (--baseline, else the first scenario) and the binding limit; --target searches a cluster you run.",
        "A file with a matrix: block (matrix: {replication.placement: [all, buddies]}) gives one scenario per",
        "variant, named by its values (placement=buddies), each written to the comparison's variants/ before it plays."},
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = {
                "0:every run was VALID and at its round's request rate, and every check held (--capacity: every search"
                        + " was VALID and sustained some load)",
                "1:a run's check failed (the comparison still holds); --capacity: a search sustained none",
                "2:bad input: a scenario file, an option, or scenarios that do not put the same load",
                "3:a run broke (its cluster did not come up, an I/O error); the other runs' figures are reported",
                "4:NOT COMPARABLE: a run was INVALID, or served more than 10%% fewer requests/s than the round's fastest;"
                        + " --capacity: a search was INVALID (the machine's cores bound it)"})
final class CompareCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "SCENARIO", description = "the scenario files compared, a matrix's"
            + " variants in its place; the first is the reference of every ratio")
    List<Path> files = new ArrayList<>();

    @Option(names = "--baseline", paramLabel = "SCENARIO", description = "a scenario played first in every round"
            + " (e.g. placement: none), whose node CPU is subtracted from each scenario's of the same round;"
            + " with --capacity, the reference of every ratio")
    Path baselineFile;

    @Option(names = "--rounds", defaultValue = "2", description = "how many times each scenario is played"
            + " (default: ${DEFAULT-VALUE}; at most " + ComparisonPlan.MAX_ROUNDS + ")")
    int rounds;

    @Option(names = "--runs-dir", defaultValue = "runs", description = "where the comparison's directory goes"
            + " (default: ${DEFAULT-VALUE})")
    Path runsDir;

    @Mixin
    ValidityOptions validity;

    @Option(names = "--capacity", description = "search each scenario's users sustained (the capacity search) instead"
            + " of playing its load once; the search flags below and the scenarios' capacity sections bound it")
    boolean capacity;

    @Mixin
    CapacitySearchOptions search;

    @Mixin
    ExternalTargetOptions external;

    @Override
    public Integer call() {
        try {
            FlagRange.wholeNumber("--rounds", 1, ComparisonPlan.MAX_ROUNDS).check(rounds);
        } catch (IllegalArgumentException e) {
            System.err.println("replsim compare: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        if (capacity) {
            return new CapacityComparing(search, external, runsDir).call(files, Optional.ofNullable(baselineFile),
                    rounds);
        }
        List<String> searchOnly = new ArrayList<>(search.given());
        if (!external.targets.isEmpty()) {
            searchOnly.add("--target");
        }
        if (searchOnly.isEmpty()) {
            try {
                external.target("/"); // without --target, each of its options is refused by name
            } catch (IllegalArgumentException e) {
                System.err.println("replsim compare: " + e.getMessage());
                return ReplsimCommand.BAD_INPUT;
            }
        }
        if (!searchOnly.isEmpty()) {
            System.err.println("replsim compare: " + String.join(", ", searchOnly) + " bound a capacity search: give"
                    + " --capacity, or leave them out (a comparison at one load reads each node's CPU, so it plays"
                    + " replsim's own nodes)");
            return ReplsimCommand.BAD_INPUT;
        }
        Optional<ComparisonPlan> plan = plan();
        if (plan.isEmpty()) {
            return ReplsimCommand.BAD_INPUT;
        }
        return ClusterWork.exitCode("comparison", () -> compare(plan.get()));
    }

    /** Every file read and checked; every problem printed before the empty answer. */
    private Optional<ComparisonPlan> plan() {
        List<String> problems = new ArrayList<>();
        Optional<ComparisonPlan.Entry> baseline = baselineFile == null ? Optional.empty()
                : baseline(baselineFile, problems);
        List<ComparisonPlan.Entry> scenarios = new ArrayList<>();
        for (Path file : files) {
            scenarios.addAll(entries(file, problems));
        }
        if (!problems.isEmpty()) {
            problems.forEach(System.err::println);
            return Optional.empty();
        }
        if (!enough(scenarios.size() + (baseline.isPresent() ? 1 : 0))) {
            return Optional.empty();
        }
        ComparisonPlan.Entry reference = scenarios.getFirst();
        List<ComparisonPlan.Entry> others = new ArrayList<>(scenarios.subList(1, scenarios.size()));
        baseline.ifPresent(others::add);
        for (ComparisonPlan.Entry other : others) {
            SameLoad.differences(described(reference), reference.spec(), described(other), other.spec())
                    .forEach(difference -> problems.add("replsim compare: not the same load: " + difference));
            SameLoad.driverDifferences(described(reference), reference.spec(), described(other), other.spec())
                    .forEach(difference -> System.out.println("replsim compare: " + DriversDiffer.line(difference)));
        }
        if (!problems.isEmpty()) {
            problems.forEach(System.err::println);
            System.err.println("replsim compare: the node CPU of scenarios is compared at one request rate: give"
                    + " them the same " + String.join(", ", SameLoad.paths()));
            return Optional.empty();
        }
        try {
            return Optional.of(new ComparisonPlan(baseline, scenarios, rounds));
        } catch (IllegalArgumentException e) {
            System.err.println("replsim compare: " + e.getMessage() + ": each file's name: must differ, as the"
                    + " figures are reported by it");
            return Optional.empty();
        }
    }

    /** Whether {@code scenarios} are enough to compare; printed when they are not. */
    static boolean enough(int scenarios) {
        if (scenarios >= 2) {
            return true;
        }
        System.err.println("replsim compare: give two scenario files, or one and --baseline, or a file whose matrix:"
                + " has two variants or more: a comparison needs something to compare against");
        return false;
    }

    /** The baseline: one scenario, never a matrix's variants, since each scenario's CPU is read above it. */
    static Optional<ComparisonPlan.Entry> baseline(Path file, List<String> problems) {
        List<ComparisonPlan.Entry> entries = entries(file, problems);
        if (entries.size() > 1) {
            problems.add("replsim compare: --baseline " + file + " has a matrix of " + entries.size() + " variants;"
                    + " a baseline is one scenario: give the file as a scenario compared, or take its matrix out");
            return Optional.empty();
        }
        return entries.stream().findFirst();
    }

    /**
     * {@code file} read as the scenarios a comparison plays: the file, or each variant of its matrix (named by its
     * values); or none with the problems added to {@code problems}.
     */
    static List<ComparisonPlan.Entry> entries(Path file, List<String> problems) {
        int before = problems.size();
        List<ScenarioVariant> variants;
        try {
            variants = ScenarioLoader.variants(file);
        } catch (SpecException e) {
            problems.add(e.getMessage());
            return List.of();
        }
        List<ComparisonPlan.Entry> entries = new ArrayList<>();
        for (ScenarioVariant variant : variants) {
            ScenarioSpec spec = variant.spec();
            String where = variant.ofMatrix() ? file + " (" + variant.name() + ")" : file.toString();
            if (spec.tomcat().isPresent()) {
                problems.add("replsim compare: " + where + ": cluster.runtime: tomcat runs with ./replsim run; a"
                        + " comparison plays replsim's own nodes");
            } else if (spec.repeat() > 1) {
                problems.add("replsim compare: " + where + ": repeat: " + spec.repeat() + " makes a soak; a"
                        + " comparison plays each scenario once a round: remove repeat and give --rounds");
            } else {
                entries.add(new ComparisonPlan.Entry(variant.name(), spec, file, variant.played()));
            }
        }
        return problems.size() == before ? entries : List.of();
    }

    /** An entry as a problem names it: its file, and a matrix variant's values beside it. */
    static String described(ComparisonPlan.Entry entry) {
        return entry.name().equals(entry.spec().name()) ? entry.file().toString()
                : entry.file() + " (" + entry.name() + ")";
    }

    private int compare(ComparisonPlan read) throws IOException, InterruptedException {
        Path directory = directory(runsDir);
        ComparisonPlan plan = VariantFiles.written(read, directory);
        ProvenanceStart provenance = ProvenanceStart.read(hashes(plan, read));
        List<NodesRuntime> ranOn = new ArrayList<>();
        List<Provenance> provenances = new ArrayList<>();
        ComparisonResult result;
        try (OutputStream log = Files.newOutputStream(directory.resolve("compare.log"));
             PrintStream console = new PrintStream(log, true, StandardCharsets.UTF_8)) {
            var runner = new ScenarioRunner(directory.resolve("runs"), NodeLauncher.currentJvm(), console,
                    Duration.ofSeconds(5), validity.invalidRuns());
            Comparison.Player player = (entry, round) -> {
                RunOutcome outcome = runner.run(entry.spec(), entry.file());
                Provenance ran = outcome.summary().provenance();
                ranOn.add(new NodesRuntime(ran.runtime(), ran.nodesJdk()));
                provenances.add(ran);
                return new ComparedRun.Measured(entry.name(), round, RunFigures.of(outcome.summary()),
                        outcome.directory().toString());
            };
            result = new Comparison(player, System.out).run(plan);
        }
        Provenance comparison = provenance.end(NodesRuntime.ofRuns(ranOn));
        ComparisonReport.print(result, comparison, ProbeSpread.of(provenances), System.out);
        ComparisonReport.write(result, comparison, directory.resolve("compare.json"));
        ComparisonCsv.write(result, directory.resolve("compare.csv"));
        ComparisonPage.write(directory);
        System.out.println("compare.json " + directory.resolve("compare.json") + ", compare.csv and compare.html"
                + " beside it");
        if (result.broken() > 0) {
            return ReplsimCommand.RUN_BROKE;
        }
        if (!ComparisonReport.comparable(result)) {
            return ReplsimCommand.INVALID_RUN;
        }
        return result.withVerdict("FAIL") > 0 ? ReplsimCommand.CHECKS_FAILED : 0;
    }

    /** A new comparison's directory under {@code runsDir}, named after the time, and announced. */
    static Path directory(Path runsDir) throws IOException {
        Path directory = runsDir.resolve(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").format(LocalDateTime.now())
                + "-compare");
        Files.createDirectories(directory);
        System.out.println("replsim: comparison directory " + directory + " (each run's console in compare.log)");
        return directory;
    }

    /**
     * Each file the comparison plays, in play order, then each matrix file its variants were written from ({@code
     * given}: the plan as read, before the variants were written): a variant's file is replsim's own writing, so
     * only the matrix's hash tells a comparison of the file as it is now (replsim results) from one of an older
     * version.
     */
    static List<ScenarioHash> hashes(ComparisonPlan played, ComparisonPlan given) throws IOException {
        List<ScenarioHash> hashes = new ArrayList<>();
        for (ComparisonPlan.Entry entry : played.order()) {
            hashes.add(ScenarioHash.of(entry.file()));
        }
        for (Path matrix : given.order().stream().filter(entry -> entry.played().isPresent())
                .map(ComparisonPlan.Entry::file).distinct().toList()) {
            hashes.add(ScenarioHash.of(matrix));
        }
        return hashes;
    }
}
