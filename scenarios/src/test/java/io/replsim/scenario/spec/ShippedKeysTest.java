package io.replsim.scenario.spec;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.replsim.node.app.CounterApp;
import io.replsim.node.app.ServiceTime;
import io.replsim.node.app.SessionProfile;
import io.replsim.node.settings.ReplicationSettings;
import io.replsim.node.settings.StackSettings;
import io.replsim.settings.Setting;
import io.replsim.settings.SettingsGroup;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every key the scenario format accepts is written in at least one shipped scenario, so every knob has a file that
 * shows it in use and that {@link ShippedScenariosTest} keeps loading. The keys come from the readers' own field
 * lists (and the settings groups behind them), so a knob added to a reader fails here until a scenario uses it.
 * Keys are field paths: {@code replication.async.bundleTimeout}, {@code faults[].expect.maxLost}, and each fault
 * type, {@code faults[].type=stop}.
 */
class ShippedKeysTest {

    private static final YAMLMapper YAML = new YAMLMapper();
    /** A fault's type decides its fields, so each type counts as a key of its own: {@code faults[].type=stop}. */
    private static final String FAULT_TYPE = "faults[].type";

    /** Every key a scenario file may hold, by its path. */
    static SortedSet<String> keysOfTheFormat() {
        SortedSet<String> keys = new TreeSet<>();
        section(keys, "", ScenarioReader.FIELDS);
        section(keys, "cluster", ClusterReader.FIELDS);
        section(keys, "replication", ReplicationReader.FIELDS);
        settings(keys, "replication", ReplicationSettings.GROUP);
        section(keys, "workload", WorkloadReader.FIELDS);
        settings(keys, "workload", CounterApp.SETTINGS);
        settings(keys, "workload.profile", SessionProfile.SETTINGS);
        settings(keys, "workload.serviceTime", ServiceTime.SETTINGS);
        section(keys, "load", LoadReader.FIELDS);
        section(keys, "load.script[]", ScriptReader.ITEM_FIELDS);
        section(keys, "jgroups", JGroupsReader.FIELDS);
        settings(keys, "jgroups", StackSettings.GROUP);
        section(keys, "balancer", BalancerReader.FIELDS);
        FaultReader.FIELDS_BY_TYPE.values().forEach(fields -> section(keys, "faults[]", fields));
        FaultReader.FIELDS_BY_TYPE.keySet().forEach(type -> keys.add(FAULT_TYPE + "=" + type));
        section(keys, "faults[].expect", ExpectReader.FIELDS);
        section(keys, "checks", CheckReader.FIELDS);
        section(keys, "capacity", CapacityReader.FIELDS);
        section(keys, "capacity.warmUp", CapacityReader.WARM_UP_FIELDS);
        section(keys, "tomcat", TomcatReader.FIELDS);
        return keys;
    }

    /** Every key path the files write, each prefix included: {@code load}, {@code load.script}, ... */
    static Set<String> keysUsedBy(Collection<Path> files) throws IOException {
        Set<String> used = new TreeSet<>();
        for (Path file : files) {
            collect(YAML.readTree(Files.readString(file)), "", used);
            for (ScenarioVariant variant : variantsOf(file)) { // a key a matrix sets is written in its variants
                collect(YAML.readTree(variant.played().orElseThrow()), "", used);
            }
        }
        return used;
    }

    /** A matrix's variants; none for a file without a matrix, or one that does not load (another test's to say). */
    private static List<ScenarioVariant> variantsOf(Path file) throws IOException {
        try {
            return ScenarioLoader.variants(file).stream().filter(ScenarioVariant::ofMatrix).toList();
        } catch (SpecException notLoaded) {
            return List.of();
        }
    }

    /** The format's keys that none of {@code used} is. */
    static SortedSet<String> unused(Set<String> used) {
        SortedSet<String> unused = keysOfTheFormat();
        unused.removeAll(used);
        return unused;
    }

    @Test
    void everyKeyOfTheFormatIsWrittenInAShippedScenario() throws IOException {
        List<Path> shipped = ShippedScenariosTest.shippedScenarios().toList();

        assertThat(unused(keysUsedBy(shipped)))
                .as("keys no file under scenarios/ writes: add each to the catalogue entry it belongs to, or to the"
                        + " closest scenario")
                .isEmpty();
    }

    @Test
    void theKeysReachIntoNestedSectionsAndLists() {
        assertThat(keysOfTheFormat()).contains("name", "cluster.workers", "replication.maxInactiveInterval",
                "replication.orphans", "replication.async.bundleTimeout", "replication.partitionHandling.whenSplit",
                "workload.profile.mutateInPlace", "workload.serviceTime.wait", "load.script[].weight",
                "jgroups.preset", "jgroups.fdAll3.timeout", "balancer.sticky", "faults[].gap",
                "faults[].expect.lost", "faults[].type=stop", "checks.maxSurvivorCpu", "capacity.warmUp.maxRounds",
                "tomcat.manager");
    }

    @Test
    void aKeyNoFileWritesIsNamed(@TempDir Path directory) throws IOException {
        Path file = directory.resolve("only.yaml");
        Files.writeString(file, """
                name: only
                cluster: {nodes: 3}
                replication: {placement: buddies, buddies: 1, async: {maxBundle: 10}}
                load: {users: 1, thinkTime: 1s, duration: 5s, script: [{request: counter, weight: 1}]}
                faults: [{type: kill, at: 2s, expect: {maxLost: 0}}]
                """);

        SortedSet<String> unused = unused(keysUsedBy(List.of(file)));

        assertThat(unused).contains("replication.orphans", "balancer.sticky", "jgroups.preset",
                "replication.async.bundleTimeout", "faults[].gap", "faults[].expect.lost", "faults[].type=stop");
        assertThat(unused).doesNotContain("name", "cluster.nodes", "replication.buddies",
                "replication.async.maxBundle", "load.script[].weight", "faults[].at", "faults[].expect.maxLost",
                "faults[].type=kill");
    }

    private static void section(Set<String> keys, String section, List<String> fields) {
        fields.forEach(field -> keys.add(section.isEmpty() ? field : section + "." + field));
    }

    private static void settings(Set<String> keys, String section, SettingsGroup<?> group) {
        section(keys, section, group.settings().stream().<String>map(Setting::path).toList());
    }

    private static void collect(JsonNode node, String path, Set<String> used) {
        if (node.isObject()) {
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                String key = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
                used.add(key);
                if (key.equals(FAULT_TYPE) && field.getValue().isTextual()) {
                    used.add(key + "=" + field.getValue().asText());
                }
                collect(field.getValue(), key, used);
            }
        } else if (node.isArray()) {
            node.forEach(item -> collect(item, path + "[]", used));
        }
    }
}
