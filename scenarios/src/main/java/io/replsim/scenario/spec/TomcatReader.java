package io.replsim.scenario.spec;

import io.replsim.replication.DeliveryKind;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationSpec;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads the {@code tomcat} section of a {@code cluster.runtime: tomcat} scenario and maps the {@code replication}
 * section onto it where the meaning is the same (placement all = DeltaManager, buddies 1 = BackupManager, delivery
 * = sync/async); whatever Tomcat has no equivalent for is refused at its field's path, so a file never seems to
 * ask for something the Tomcat cluster does not do.
 */
final class TomcatReader {

    static final List<String> FIELDS = List.of("manager", "replication");

    /** Why each replication field has no Tomcat equivalent. */
    private static final Map<String, String> NO_EQUIVALENT = Map.ofEntries(
            Map.entry("buddyPools", "Tomcat's BackupManager picks its backup member itself; remove buddyPools"),
            Map.entry("granularity", "Tomcat's manager decides what travels (DeltaManager: each request's attribute"
                    + " changes; BackupManager: the session's changes through its replicated map); remove granularity"),
            Map.entry("trigger", "Tomcat replicates what setAttribute and removeAttribute changed (its"
                    + " ReplicationValve); remove trigger"),
            Map.entry("maxUnreplicatedInterval", "Tomcat has no such interval of its own; remove"
                    + " maxUnreplicatedInterval"),
            Map.entry("syncTimeout", "Tomcat's sender has its own timeout, not set from the scenario; remove"
                    + " syncTimeout"),
            Map.entry("async", "Tomcat's asynchronous sender (MessageDispatchInterceptor) has no bundle settings of"
                    + " replsim's; remove async"),
            Map.entry("engine", "the engine is Tomcat's own session manager with cluster.runtime tomcat; remove"
                    + " engine"),
            Map.entry("maxInactiveInterval", "replsim does not pass it to Tomcat's manager yet (Tomcat's own 30 min"
                    + " applies); remove maxInactiveInterval"),
            Map.entry("maxActiveSessions", "replsim does not configure Tomcat's session persistence; remove"
                    + " maxActiveSessions"),
            Map.entry("snapshotMode", "Tomcat's ReplicationValve replicates at each request's end; remove"
                    + " snapshotMode"),
            Map.entry("sessionLock", "the session lock is replsim's own node's, and Tomcat serves a session's"
                    + " requests its own way; remove sessionLock"));

    private TomcatReader() {
    }

    /**
     * The Tomcat cluster to start when {@code runtime} is tomcat (problems reported on the way), else empty (and a
     * {@code tomcat} section is a problem).
     */
    static Optional<TomcatSpec> read(MapReader top, Optional<RuntimeKind> runtime, MapReader replicationSection,
                                     ReplicationSpec replication) {
        boolean tomcatRuntime = runtime.map(kind -> kind == RuntimeKind.TOMCAT).orElse(false);
        if (!tomcatRuntime) {
            if (top.presentFields().contains("tomcat")) {
                top.problemWith("tomcat", "no tomcat section unless cluster.runtime is tomcat");
            }
            return Optional.empty();
        }
        MapReader tomcat = top.optionalSection("tomcat", FIELDS);
        List<String> given = replicationSection.presentFields();
        Optional<TomcatManager> fromPlacement = given.contains("placement")
                ? Optional.of(replication.placement() instanceof Placement.Buddies
                        ? TomcatManager.BACKUP : TomcatManager.DELTA) : Optional.empty();
        Optional<TomcatManager> named = tomcat.choice("manager", TomcatManager.class, "a manager: delta or backup")
                .optional();
        TomcatManager manager = named.or(() -> fromPlacement).orElse(TomcatSpec.DEFAULT.manager());
        if (named.isPresent() && fromPlacement.isPresent() && !named.equals(fromPlacement)) {
            replicationSection.problemWith("placement", (named.get() == TomcatManager.DELTA ? "all" : "buddies")
                    + ", as tomcat.manager " + named.get().label() + " means, or leave placement out");
        }
        if (replication.placement() instanceof Placement.None) {
            replicationSection.problemWith("placement", "all or buddies: Tomcat's cluster managers always"
                    + " replicate; for the no-replication baseline use cluster.runtime process");
        }
        if (given.contains("buddies") && replication.placement() instanceof Placement.Buddies buddies
                && buddies.count() != 1) {
            replicationSection.problemWith("buddies", "1: Tomcat's BackupManager keeps exactly one backup of a"
                    + " session");
        }
        Optional<TomcatReplication> fromDelivery = given.contains("delivery")
                ? Optional.of(replication.delivery() == DeliveryKind.SYNC ? TomcatReplication.SYNC
                        : TomcatReplication.ASYNC) : Optional.empty();
        Optional<TomcatReplication> namedReplication = tomcat.choice("replication", TomcatReplication.class,
                "a replication: sync or async").optional();
        if (namedReplication.isPresent() && fromDelivery.isPresent() && !namedReplication.equals(fromDelivery)) {
            replicationSection.problemWith("delivery", namedReplication.get().label() + ", as tomcat.replication"
                    + " says, or leave delivery out");
        }
        for (String field : given) {
            if (NO_EQUIVALENT.containsKey(field)) {
                replicationSection.problemWith(field, "nothing with cluster.runtime tomcat: "
                        + NO_EQUIVALENT.get(field));
            }
        }
        return Optional.of(new TomcatSpec(manager, namedReplication.or(() -> fromDelivery)
                .orElse(TomcatSpec.DEFAULT.replication())));
    }
}
