package io.replsim.cli;

import io.replsim.scenario.capacity.CapacityCriteria;
import io.replsim.scenario.capacity.CapacityRunner;
import io.replsim.scenario.capacity.CapacitySummary;
import io.replsim.scenario.capacity.MachineCores;
import io.replsim.scenario.capacity.SearchPlan;
import io.replsim.scenario.compare.CapacityComparison;
import io.replsim.scenario.compare.CapacityComparisonReport;
import io.replsim.scenario.compare.ComparedRun;
import io.replsim.scenario.compare.Comparison;
import io.replsim.scenario.compare.ComparisonCsv;
import io.replsim.scenario.compare.ComparisonPage;
import io.replsim.scenario.compare.ComparisonPlan;
import io.replsim.scenario.compare.DriversDiffer;
import io.replsim.scenario.compare.SameLoad;
import io.replsim.scenario.compare.SearchFigures;
import io.replsim.scenario.provenance.NodesRuntime;
import io.replsim.scenario.provenance.ProbeSpread;
import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.provenance.ProvenanceStart;
import io.replsim.scenario.run.PlayedRuntime;
import io.replsim.scenario.run.ScenarioRunner;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.RuntimeCapabilities;
import io.replsim.scenario.runtime.ScenarioNeeds;
import io.replsim.scenario.runtime.external.ExternalCapabilities;
import io.replsim.scenario.runtime.external.ExternalTarget;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code replsim compare --capacity}: each variant's users sustained, searched round after round, interleaved, each
 * search on a fresh cluster through the capacity search's own entry ({@link CapacityRunner}); the table and
 * compare.json from {@link CapacityComparisonReport}.
 */
final class CapacityComparing {

    /** What each variant's search is held to and where it starts, read before anything runs. */
    private record Searches(ComparisonPlan plan, CapacityCriteria criteria, Map<String, SearchPlan> plans,
                            Optional<ExternalTarget> target) {
    }

    private final CapacitySearchOptions options;
    private final ExternalTargetOptions external;
    private final Path runsDir;

    CapacityComparing(CapacitySearchOptions options, ExternalTargetOptions external, Path runsDir) {
        this.options = options;
        this.external = external;
        this.runsDir = runsDir;
    }

    /** {@code baseline}, when given, is played first and is the reference; else the first of {@code files}. */
    int call(List<Path> files, Optional<Path> baseline, int rounds) {
        Optional<Searches> searches = searches(baseline, files, rounds);
        if (searches.isEmpty()) {
            return ReplsimCommand.BAD_INPUT;
        }
        return ClusterWork.exitCode("comparison", () -> compare(searches.get()));
    }

    /** Every file read and checked; every problem printed before the empty answer. */
    private Optional<Searches> searches(Optional<Path> baseline, List<Path> files, int rounds) {
        List<String> problems = new ArrayList<>();
        List<ComparisonPlan.Entry> entries = new ArrayList<>();
        baseline.ifPresent(file -> CompareCommand.baseline(file, problems).ifPresent(entries::add));
        for (Path file : files) {
            entries.addAll(CompareCommand.entries(file, problems));
        }
        if (!problems.isEmpty()) {
            problems.forEach(System.err::println);
            return Optional.empty();
        }
        if (!CompareCommand.enough(entries.size())) {
            return Optional.empty();
        }
        ComparisonPlan.Entry reference = entries.getFirst();
        Optional<ExternalTarget> target;
        CapacityCriteria criteria;
        Map<String, SearchPlan> plans = new HashMap<>();
        try {
            target = external.target(reference.spec().workload());
            if (target.isPresent() && (target.get().kill().isPresent() || target.get().restart().isPresent())) {
                throw new IllegalArgumentException("--kill-command and --restart-command are for faults; a capacity"
                        + " comparison kills no node, so leave them out");
            }
            criteria = options.criteria(reference.spec());
            for (ComparisonPlan.Entry entry : entries) {
                CapacityCriteria theirs = options.criteria(entry.spec());
                if (!theirs.equals(criteria)) {
                    problems.add("replsim compare: not the same limits: " + criteria.describe() + " in "
                            + CompareCommand.described(reference) + ", " + theirs.describe() + " in "
                            + CompareCommand.described(entry)
                            + "; users sustained are compared under one definition: give the capacity sections the"
                            + " same statistic, latencyLimit, cpuLimit and errorLimit (or set them with the flags)");
                }
                plans.put(entry.name(), options.plan(entry.spec()));
                if (target.isPresent()) {
                    RuntimeCapabilities runtime = ExternalCapabilities.of(target.get());
                    RuntimeRefusals refusals = new RuntimeRefusals(runtime.runtime(),
                            runtime.refusalsOf(ScenarioNeeds.loadModel(entry.spec())));
                    if (refusals.any()) {
                        problems.forEach(System.err::println);
                        refusals.print("compare", CompareCommand.described(entry));
                        return Optional.empty();
                    }
                } else {
                    MachineCores.ofThisMachine().refusal(entry.spec().cluster())
                            .ifPresent(refusal -> problems.add("replsim compare: " + CompareCommand.described(entry)
                                    + ": " + refusal));
                }
                if (entry != reference) {
                    SameLoad.searchedDifferences(CompareCommand.described(reference), reference.spec(),
                            CompareCommand.described(entry), entry.spec())
                            .forEach(difference -> problems.add("replsim compare: not the same load: " + difference));
                    SameLoad.driverDifferences(CompareCommand.described(reference), reference.spec(),
                            CompareCommand.described(entry), entry.spec())
                            .forEach(difference -> System.out.println("replsim compare: "
                                    + DriversDiffer.line(difference)));
                }
            }
        } catch (IllegalArgumentException e) {
            problems.forEach(System.err::println);
            System.err.println("replsim compare: " + e.getMessage());
            return Optional.empty();
        }
        if (!problems.isEmpty()) {
            problems.forEach(System.err::println);
            return Optional.empty();
        }
        try {
            return Optional.of(new Searches(new ComparisonPlan(Optional.empty(), entries, rounds), criteria, plans,
                    target));
        } catch (IllegalArgumentException e) {
            System.err.println("replsim compare: " + e.getMessage() + ": each file's name: must differ, as the"
                    + " figures are reported by it");
            return Optional.empty();
        }
    }

    private int compare(Searches searches) throws IOException, InterruptedException {
        Path directory = CompareCommand.directory(runsDir);
        ComparisonPlan plan = VariantFiles.written(searches.plan(), directory);
        ProvenanceStart provenance = ProvenanceStart.read(CompareCommand.hashes(plan, searches.plan()));
        List<NodesRuntime> ranOn = new ArrayList<>();
        List<Provenance> provenances = new ArrayList<>();
        CapacityComparison result;
        try (OutputStream log = Files.newOutputStream(directory.resolve("compare.log"));
             PrintStream console = new PrintStream(log, true, StandardCharsets.UTF_8)) {
            var runner = new CapacityRunner(new ScenarioRunner(directory.resolve("runs"), NodeLauncher.currentJvm(),
                    console, Duration.ofSeconds(5)), console);
            Comparison.Player player = (entry, round) -> {
                PlayedRuntime<?> played = PlayedRuntime.of(entry.spec(), searches.target(),
                        NodeLauncher.currentJvm(), console);
                CapacitySummary summary = runner.run(entry.spec(), entry.file(), played, searches.criteria(),
                        searches.plans().get(entry.name()), false);
                Provenance ran = summary.provenance();
                ranOn.add(new NodesRuntime(ran.runtime(), ran.nodesJdk()));
                provenances.add(ran);
                return new ComparedRun.Searched(entry.name(), round, SearchFigures.of(summary),
                        summary.runDirectory());
            };
            result = new CapacityComparison(plan, new Comparison(player, System.out).play(plan));
        }
        Provenance comparison = provenance.end(NodesRuntime.ofRuns(ranOn));
        CapacityComparisonReport.print(result, comparison, ProbeSpread.of(provenances), System.out);
        CapacityComparisonReport.write(result, comparison, directory.resolve("compare.json"));
        ComparisonCsv.write(result, directory.resolve("compare.csv"));
        ComparisonPage.write(directory);
        System.out.println("compare.json " + directory.resolve("compare.json") + ", compare.csv and compare.html"
                + " beside it");
        if (result.broken() > 0) {
            return ReplsimCommand.RUN_BROKE;
        }
        if (result.withVerdict("INVALID") > 0) {
            return ReplsimCommand.INVALID_RUN;
        }
        return result.sustainedNone() > 0 ? ReplsimCommand.CHECKS_FAILED : 0;
    }
}
