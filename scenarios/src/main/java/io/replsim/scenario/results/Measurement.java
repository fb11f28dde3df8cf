package io.replsim.scenario.results;

import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.provenance.ScenarioHash;
import java.nio.file.Path;
import java.util.List;

/**
 * One directory an entry reads its figure from: of {@code kind}, made from every file of {@code files} as they are
 * now (a comparison plays several; a run or a search one).
 */
public record Measurement(RunKind kind, List<CatalogueFile> files) {

    public Measurement {
        files = List.copyOf(files);
    }

    public static Measurement of(RunKind kind, CatalogueFile... files) {
        return new Measurement(kind, List.of(files));
    }

    /** The newest directory made from these files as they are now; else why there is none. */
    public Found in(RunDirectories runs) {
        List<Unreadable> unreadable = runs.unreadable().stream().filter(this::mayBeOf).toList();
        List<Recorded> ofKind = runs.recorded().stream().filter(dir -> dir.kind() == kind).toList();
        for (Recorded recorded : ofKind) {
            if (files.stream().allMatch(file -> hashed(recorded.provenance(), file))) {
                return new Found.Measured(recorded, unreadable);
            }
        }
        return ofKind.stream().filter(dir -> files.stream().anyMatch(file -> named(dir.provenance(), file)))
                .findFirst().<Found>map(older -> new Found.Changed(older.directory(), unreadable))
                .orElse(new Found.NotMeasured(unreadable));
    }

    private static boolean hashed(Provenance provenance, CatalogueFile file) {
        return provenance != null && provenance.scenarios().stream()
                .anyMatch(hash -> hash.sha256().equals(file.sha256()));
    }

    /** Whether the directory played a file of this name (the same file before it changed), by any path. */
    private static boolean named(Provenance provenance, CatalogueFile file) {
        return provenance != null && provenance.scenarios().stream().map(ScenarioHash::file)
                .anyMatch(played -> Path.of(played).getFileName().toString().equals(file.name()));
    }

    /** An unreadable directory of this kind whose name ends with one of the files' scenario names. */
    private boolean mayBeOf(Unreadable dir) {
        String name = dir.directory().getFileName().toString();
        return dir.kind() == kind && files.stream().anyMatch(file -> name.contains("-" + file.scenarioName()));
    }
}
