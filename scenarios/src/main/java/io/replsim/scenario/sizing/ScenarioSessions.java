package io.replsim.scenario.sizing;

import io.replsim.node.app.SessionProfile;
import io.replsim.replication.Placement;
import io.replsim.scenario.spec.App;
import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.spec.SpecException;
import io.replsim.scenario.spec.WorkloadSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * What a scenario says of the sessions a cluster holds, which the sizing of its memory reads instead of being told:
 * where each session's copies go ({@code replication.placement}: the copies of a session at a cluster size) and the
 * bytes one session carries, where the workload declares them (the counter's payload, the profile's attributes; a
 * cart or a bean grows with its load and declares none).
 *
 * @param source       the file it was read from, as the messages name it
 * @param bytes        the bytes of one session as declared; empty when the workload declares none
 * @param bytesDeclare where the bytes come from in the file, or why it declares none
 */
public record ScenarioSessions(String source, Placement placement, OptionalLong bytes, String bytesDeclare) {

    public static ScenarioSessions of(ScenarioSpec spec, String source) {
        WorkloadSpec workload = spec.workload();
        App app = workload.app();
        String appLabel = app.name().toLowerCase(Locale.ROOT);
        return switch (app) {
            case COUNTER -> new ScenarioSessions(source, spec.replication().placement(),
                    OptionalLong.of(workload.payload().bytes()), "workload.payload " + workload.payload()
                    + " (app counter)");
            case PROFILE -> {
                SessionProfile profile = workload.profile();
                yield new ScenarioSessions(source, spec.replication().placement(),
                        OptionalLong.of((long) profile.attributes() * profile.attributeBytes()),
                        String.format(Locale.ROOT, "workload.profile: %d attributes of %,d bytes (app profile)",
                                profile.attributes(), profile.attributeBytes()));
            }
            case CART, BEAN -> new ScenarioSessions(source, spec.replication().placement(), OptionalLong.empty(),
                    "app " + appLabel + " declares no session size: its sessions grow with the load");
        };
    }

    /**
     * The scenario a capacity run directory played (its {@code scenario.yaml}); empty for a directory without one
     * (given as its summary.json, or from before runs kept it).
     */
    public static Optional<ScenarioSessions> ofRun(Path run) throws SpecException {
        Path directory = Files.isDirectory(run) ? run : run.toAbsolutePath().getParent();
        Path played = directory.resolve("scenario.yaml");
        if (!Files.isRegularFile(played)) {
            return Optional.empty();
        }
        return Optional.of(of(ScenarioLoader.load(played), played.toString()));
    }

    /** The copies of each session, primary included, on a cluster of {@code nodes}. */
    public int copies(int nodes) {
        return switch (placement) {
            case Placement.AllMembers all -> nodes;
            case Placement.Buddies buddies -> Math.min(buddies.count() + 1, nodes);
            case Placement.None none -> 1;
        };
    }

    /** {@code buddies(1): 2 copies of each session (the primary and its buddy)}, and the like. */
    public String describeCopies() {
        return switch (placement) {
            case Placement.AllMembers all -> "all: a copy of each session on every node";
            case Placement.Buddies buddies -> String.format(Locale.ROOT, "%s: %d copies of each session (the primary"
                    + " and %s)", buddies.describe(), buddies.count() + 1, buddies.count() == 1 ? "its buddy"
                    : "its " + buddies.count() + " buddies");
            case Placement.None none -> "none: one copy of each session, on its primary";
        };
    }

    /** Whether {@code copies} given on the command line is what this placement keeps (on any cluster size). */
    public boolean keeps(int copies) {
        return switch (placement) {
            case Placement.AllMembers all -> false;
            case Placement.Buddies buddies -> copies == buddies.count() + 1;
            case Placement.None none -> copies == 1;
        };
    }

    /** What differs between the sessions of two scenarios that should be the same; empty when nothing does. */
    public Optional<String> differenceFrom(ScenarioSessions other) {
        if (!placement.describe().equals(other.placement.describe())) {
            return Optional.of("replication.placement " + placement.describe() + " in " + source + ", "
                    + other.placement.describe() + " in " + other.source);
        }
        if (!bytes.equals(other.bytes)) {
            return Optional.of(bytesDeclare + " in " + source + ", " + other.bytesDeclare + " in " + other.source);
        }
        return Optional.empty();
    }
}
