package io.replsim.scenario.report;

import io.replsim.scenario.provenance.CpuProbe;
import io.replsim.scenario.provenance.Provenance;
import io.replsim.scenario.provenance.ScenarioHash;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A {@link Provenance} as CSV columns, the same on every row of a file, so a row copied elsewhere still names what
 * made it: the commit and whether the tree was dirty (empty: not known), the JDKs, the runtime, the machine, the load
 * average before and after (empty: not told), the reference work's wall time before and after in milliseconds and
 * the share of CPU stolen (empty: not measured), and each scenario's SHA-256 (space-separated when there are several).
 */
public final class ProvenanceColumns {

    public static final String HEADER = "replsim_commit,replsim_dirty,driver_jdk,runtime,nodes_jdk,cores,"
            + "memory_bytes,load_before,load_after,probe_before_ms,probe_after_ms,steal_share,scenario_sha256";

    private ProvenanceColumns() {
    }

    /** The cells under {@link #HEADER}, joined by commas, quoted where a cell holds a comma or a quote. */
    public static String cells(Provenance provenance) {
        return Stream.of(provenance.replsim().commit(),
                        provenance.replsim().dirty() == null ? "" : provenance.replsim().dirty().toString(),
                        provenance.driverJdk().describe(), provenance.runtime(), provenance.nodesJdk().describe(),
                        Integer.toString(provenance.cores()), Long.toString(provenance.memoryBytes()),
                        load(provenance.loadAverageBefore()), load(provenance.loadAverageAfter()),
                        probe(provenance.cpuProbeBefore()), probe(provenance.cpuProbeAfter()),
                        provenance.stealShare() == null ? ""
                                : String.format(Locale.ROOT, "%.4f", provenance.stealShare()),
                        String.join(" ", hashes(provenance.scenarios())))
                .map(cell -> new CsvCell(cell).written()).collect(Collectors.joining(","));
    }

    private static List<String> hashes(List<ScenarioHash> scenarios) {
        return scenarios.stream().map(ScenarioHash::sha256).toList();
    }

    private static String probe(CpuProbe probe) {
        return probe == null ? "" : String.format(Locale.ROOT, "%.2f", probe.wallMillis());
    }

    private static String load(Double load) {
        return load == null ? "" : String.format(Locale.ROOT, "%.2f", load);
    }
}
