package io.replsim.scenario.spec;

import com.fasterxml.jackson.databind.JsonNode;
import io.replsim.loadgen.route.Balancer;
import io.replsim.node.app.LogoutCookie;
import io.replsim.replication.ReplicationSpec;
import io.replsim.replication.transport.StackTuning;
import io.replsim.replication.transport.TransportKind;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Turns a parsed scenario file into a {@link ScenarioSpec}, reading every section even after a problem so that one
 * pass reports them all. Sections are read in dependency order: faults are checked against the cluster and load.
 */
final class ScenarioReader {

    static final List<String> FIELDS =
            List.of("name", "description", "cluster", "replication", "workload", "load", "faults", "checks",
                    "capacity", "repeat", "tomcat", "jgroups", "balancer");
    /** Past this, a soak is the tool: it is the same loop, with --repeat on the command line. */
    private static final long MAX_REPEAT = 1000;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");
    private static final String NAME_EXPECTED =
            "a name of up to 64 letters, digits, '-' and '_' (it names the run directory), such as quickstart";

    private ScenarioReader() {
    }

    /** The spec, or empty when a problem was reported. */
    static Optional<ScenarioSpec> read(JsonNode root, Problems problems) {
        if (root.isMissingNode() || root.isNull()) {
            problems.add("", null, "a scenario, but the file has no content: "
                    + "a map with at least name, cluster and load, as in scenarios/quickstart.yaml");
            return Optional.empty();
        }
        return MapReader.of(root, "", FIELDS, problems).flatMap(top -> read(top, problems));
    }

    private static Optional<ScenarioSpec> read(MapReader top, Problems problems) {
        Optional<String> name = top.text("name", NAME_EXPECTED)
                .must(text -> NAME.matcher(text).matches(), NAME_EXPECTED)
                .required();
        String description = top.text("description", "a line of text").orElse("");
        MapReader jgroups = top.optionalSection("jgroups", JGroupsReader.FIELDS);
        StackTuning stack = JGroupsReader.read(jgroups);
        Optional<ClusterSpec> cluster = top.section("cluster", ClusterReader.FIELDS).required()
                .flatMap(ClusterReader::read)
                .map(nodes -> nodes.withStack(stack));
        if (cluster.map(ClusterSpec::runtime).orElse(null) == RuntimeKind.TOMCAT
                && top.presentFields().contains("jgroups")) {
            top.problemWith("jgroups", "no jgroups section with cluster.runtime tomcat: Tomcat's members talk over its"
                    + " own Tribes channel, not JGroups; leave jgroups out");
        }
        if (cluster.map(ClusterSpec::runtime).orElse(null) == RuntimeKind.DOCKER
                && stack.transport() == TransportKind.UDP) {
            jgroups.problemWith("transport", JGroupsReader.UDP_IN_CONTAINERS);
        }
        MapReader replicationSection = top.optionalSection("replication", ReplicationReader.FIELDS);
        ReplicationSpec replication = ReplicationReader.read(replicationSection, cluster.map(ClusterSpec::nodes));
        Optional<TomcatSpec> tomcat = TomcatReader.read(top, cluster.map(ClusterSpec::runtime), replicationSection,
                replication);
        MapReader workloadSection = top.optionalSection("workload", WorkloadReader.FIELDS);
        WorkloadSpec workload = WorkloadReader.read(workloadSection);
        if (tomcat.isPresent() && !workload.serviceTime().isNone()) {
            workloadSection.problemWith("serviceTime", "no serviceTime with cluster.runtime tomcat: the probe app"
                    + " does no work of its own; remove serviceTime");
        }
        if (tomcat.isPresent() && workload.logoutCookie() != LogoutCookie.EXPIRE) {
            workloadSection.problemWith("logoutCookie", "no logoutCookie with cluster.runtime tomcat: the probe app's"
                    + " logout is Servlet invalidate() alone, which leaves the cookie as it was, and the driver follows"
                    + " what its answer says; remove logoutCookie");
        }
        Optional<LoadReader> load = top.section("load", LoadReader.FIELDS).required()
                .map(section -> new LoadReader(section, workload.app().path()));
        Balancer balancer = BalancerReader.read(top.optionalSection("balancer", BalancerReader.FIELDS),
                load.flatMap(LoadReader::spec).filter(spec -> !spec.isOpen()).map(LoadSpec::profile));
        FaultReader faultReader = new FaultReader(cluster, load.flatMap(LoadReader::duration),
                load.flatMap(LoadReader::spec).map(LoadSpec::users), problems);
        List<FaultSpec> faults = top.list("faults", FaultReader.EXPECTED).optional()
                .map(items -> faultReader.read(items, top.pathOf("faults")))
                .orElse(List.of());
        MapReader checksSection = top.optionalSection("checks", CheckReader.FIELDS);
        List<Check> checks = CheckReader.read(checksSection);
        if (checks.stream().anyMatch(Check.MaxAnomalies.class::isInstance)
                && !load.flatMap(LoadReader::spec).map(LoadSpec::history).orElse(true)) {
            checksSection.problemWith("maxAnomalies", "load.history: true with maxAnomalies (the checker reads the"
                    + " history the run records; without it there is nothing to count); add history: true to load");
        }
        TabsVerdicts.refuse(load.flatMap(LoadReader::spec).map(spec -> spec.profile().tabs()).orElse(1), checks,
                checksSection, faultReader.expectations(), problems);
        boolean open = load.flatMap(LoadReader::spec).map(LoadSpec::isOpen).orElse(false);
        CapacitySettings capacity = CapacityReader.read(top.optionalSection("capacity", CapacityReader.FIELDS), open);
        if (open && top.presentFields().contains("balancer")) {
            top.problemWith("balancer", "no balancer with load.model open (not built yet: its arrivals use the"
                    + " default balancer, sticky with a dead node's sessions spread); leave balancer out");
        }
        long repeat = top.wholeNumber("repeat", 1, MAX_REPEAT).orElse(1L);
        if (!problems.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new ScenarioSpec(name.orElseThrow(), description, cluster.orElseThrow(), replication,
                workload, load.flatMap(LoadReader::spec).orElseThrow().withBalancer(balancer), faults, checks, capacity,
                faultReader.expectations(), (int) repeat, tomcat));
    }
}
