package io.replsim.scenario.spec;

import io.replsim.replication.Delivery;
import io.replsim.replication.Granularity;
import io.replsim.replication.Placement;
import io.replsim.replication.ReplicationSpec;
import java.time.Duration;
import java.util.List;

/** Reads the {@code replication} section; every field has a default, full synchronous replication. */
final class ReplicationReader {

    static final List<String> FIELDS = List.of("placement", "granularity", "delivery", "syncTimeout");

    private ReplicationReader() {
    }

    static ReplicationSpec read(MapReader replication) {
        ReplicationSpec defaults = ReplicationSpec.fullSync();
        return new ReplicationSpec(
                replication.choice("placement", Placement::parse, "a placement").orElse(defaults.placement()),
                replication.choice("granularity", Granularity::parse, "a granularity").orElse(defaults.granularity()),
                replication.choice("delivery", Delivery::parse, "a delivery").orElse(defaults.delivery()),
                replication.duration("syncTimeout")
                        .must(Duration::isPositive, "a duration above 0s, such as 2s")
                        .orElse(defaults.syncTimeout()));
    }
}
