package io.replsim.scenario.results;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The catalogue's ten entries and the figure each reads, keyed by entry number (the kind of directory from each
 * file's {@code # run:} line): what an entry's question asks of
 * its run directories, and the source's figures set beside them (from the files' {@code # figure:} lines, in
 * numbers). A file is found by its name within the entry ({@code full} of {@code 01-buddy-vs-full.full.yaml}); a
 * renamed or missing one is refused, naming it.
 */
public final class Catalogue {
    public static final int ENTRIES = 10;

    private final List<CatalogueFile> files;

    private Catalogue(List<CatalogueFile> files) {
        this.files = files;
    }

    /** Every entry of the catalogue in {@code directory}, in order. */
    public static List<CatalogueEntry> read(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            throw new IOException("no catalogue at " + directory.toAbsolutePath() + ": run replsim results from the"
                    + " checkout's root, where scenarios/catalogue/ is");
        }
        List<CatalogueFile> files = new ArrayList<>();
        try (Stream<Path> listed = Files.list(directory)) {
            for (Path file : listed.filter(path -> path.toString().endsWith(".yaml")).sorted().toList()) {
                files.add(CatalogueFile.read(file));
            }
        }
        Catalogue catalogue = new Catalogue(files);
        List<CatalogueEntry> entries = new ArrayList<>();
        for (int number = 1; number <= ENTRIES; number++) {
            entries.add(catalogue.entry(number));
        }
        return entries;
    }

    private CatalogueEntry entry(int number) throws IOException {
        String prefix = "%02d-".formatted(number);
        List<CatalogueFile> mine = files.stream().filter(file -> file.name().startsWith(prefix)).toList();
        return new CatalogueEntry(number, mine, switch (number) {
            case 1 -> new SearchRatios(searched("01-buddy-vs-full.full.yaml", "full", null),
                    List.of(searched("01-buddy-vs-full.buddies.yaml", "buddies", 65.3 / 50.0),
                            searched("01-buddy-vs-full.buddies-not-sticky.yaml", "buddies not sticky", null)));
            case 2 -> new SearchRatios(searched("02-trigger.set-and-non-primitive-get.yaml",
                    "SET_AND_NON_PRIMITIVE_GET", null),
                    List.of(searched("02-trigger.set.yaml", "SET", 205.1 / 165.6),
                            searched("02-trigger.set-no-writes.yaml", "SET reads only", 263.8 / 165.6),
                            searched("02-trigger.set-and-get.yaml", "SET_AND_GET", null)));
            case 3 -> new ComparedFigures(measured("03-granularity.yaml"));
            case 4 -> new DrillOutcomes(measured("04-sync-vs-async.yaml"), List.of());
            case 5 -> new SurvivorLoad(measured("05-n-plus-one.yaml"), 0.60, 0.90, 0.10);
            case 6 -> new WaitingShares(pool(1, 0.90), List.of(pool(4, 0.60), pool(8, 0.19)));
            case 7 -> new ThroughputRatio(measured("07-keep-alive.per-request.yaml"),
                    measured("07-keep-alive.per-user.yaml"), 15.0 / 40.0);
            case 8 -> new SearchRatios(searched("08-sfsb-is-modified.every-call.yaml", "every call", null),
                    List.of(searched("08-sfsb-is-modified.every-4th-call.yaml", "every 4th call", 20.8 / 19.7)));
            case 9 -> new DrillOutcomes(measured("09-double-failure.yaml"),
                    List.of(measured("09-double-failure.adopted.yaml"),
                            measured("09-double-failure.rack-pools.yaml")));
            case 10 -> new ComparedFigures(measured(List.of(
                    file("10-replication-cost.none.yaml"), file("10-replication-cost.all-session.yaml"),
                    file("10-replication-cost.all-attribute.yaml"), file("10-replication-cost.buddies-session.yaml"),
                    file("10-replication-cost.buddies-attribute.yaml"))));
            default -> throw new IllegalArgumentException("the catalogue has entries 1-" + ENTRIES + ", not " + number);
        });
    }

    private SearchRatios.Variant searched(String name, String label, Double sourceRatio) throws IOException {
        return new SearchRatios.Variant(label, measured(name), sourceRatio);
    }

    private WaitingShares.Pool pool(int workers, double sourceShare) throws IOException {
        return new WaitingShares.Pool(workers, measured("06-thread-pool.workers-" + workers + ".yaml"),
                sourceShare);
    }

    /** The directory {@code name}'s {@code # run:} line makes: a run, a search or a comparison. */
    private Measurement measured(String name) throws IOException {
        CatalogueFile file = file(name);
        return Measurement.of(RunKind.ofCommand(file.command()), file);
    }

    /** One comparison of every file of {@code files}, which the first one's {@code # run:} line names. */
    private static Measurement measured(List<CatalogueFile> files) {
        return new Measurement(RunKind.ofCommand(files.getFirst().command()), files);
    }

    private CatalogueFile file(String name) throws IOException {
        return files.stream().filter(file -> file.name().equals(name)).findFirst().orElseThrow(() -> new IOException(
                "the catalogue has no " + name + ", which replsim results reads an entry's figure from: put it back,"
                        + " or change io.replsim.scenario.results.Catalogue to the file's new name"));
    }
}
