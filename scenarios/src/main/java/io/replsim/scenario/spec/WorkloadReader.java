package io.replsim.scenario.spec;

import java.util.List;

/** Reads the {@code workload} section: the application and the size of each session's payload. */
final class WorkloadReader {

    static final List<String> FIELDS = List.of("app", "payload");

    private static final DataSize MAX_PAYLOAD = DataSize.parse("16MB");

    private WorkloadReader() {
    }

    static WorkloadSpec read(MapReader workload) {
        return new WorkloadSpec(
                workload.choice("app", App::parse, "an app").orElse(App.COUNTER),
                workload.size("payload")
                        .must(size -> size.compareTo(MAX_PAYLOAD) <= 0, "a size from 0 to " + MAX_PAYLOAD + ", such as 4KB")
                        .orElse(WorkloadSpec.DEFAULT_PAYLOAD));
    }
}
