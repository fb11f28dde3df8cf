package io.replsim.scenario.deploy;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.replsim.node.options.NodeOptions;
import io.replsim.node.options.NodeOptionsParser;
import io.replsim.replication.NodeId;
import io.replsim.replication.transport.ClusterSecret;
import io.replsim.replication.transport.Discovery;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * The files for more than one host (docker/compose.yaml, docker/k8s/replsim.yaml) cannot run here, so this reads
 * them as Compose and Kubernetes would, fills in their variables the same way, and hands the node command line they
 * produce to the node's own parser: a file that would start a node with arguments it refuses fails here. The Swarm
 * stack (docker/swarm-stack.yaml) is read so too, before DockerSwarmDrillIT deploys it in the container tier.
 */
class MultiHostFilesTest {
    private static final Path PROJECT = Path.of("").toAbsolutePath().getParent();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final Pattern COMPOSE_VARIABLE = Pattern.compile("\\$\\{([A-Z0-9_]+)(?::([-?])([^}]*))?}");
    private static final Pattern KUBERNETES_VARIABLE = Pattern.compile("\\$\\(([A-Z0-9_]+)\\)");

    @Test
    void theComposeFileStartsANodeWithTheHostsAddressAndEveryMember() throws Exception {
        JsonNode node = YAML.readTree(PROJECT.resolve("docker/compose.yaml").toFile()).path("services").path("node");
        Map<String, String> env = envFile(PROJECT.resolve("docker/compose.env.example"));
        Function<String, String> compose = text -> substitute(COMPOSE_VARIABLE, text, m -> {
            String value = env.get(m.group(1));
            if (value != null && !value.isEmpty()) {
                return value;
            }
            assertThat(m.group(2)).as("%s is required and compose.env.example sets it", m.group(1)).isEqualTo("-");
            return m.group(3);
        });

        NodeOptions options = new NodeOptionsParser().parse(strings(node.path("command"), compose));

        assertThat(node.path("network_mode").asText()).isEqualTo("host");
        assertThat(options.name()).isEqualTo(new NodeId(env.get("REPLSIM_NODE_NAME")));
        assertThat(options.bind().getHostAddress()).isEqualTo(env.get("REPLSIM_NODE_IP"));
        assertThat(options.discovery()).isInstanceOfSatisfying(Discovery.StaticMembers.class, members ->
                assertThat(members.members()).extracting(InetSocketAddress::getHostString)
                        .contains(env.get("REPLSIM_NODE_IP")).hasSize(3));
        assertThat(options.cpuBudgetCores()).as("--cpu-budget is the container's CPU quota")
                .isEqualTo(Double.parseDouble(compose.apply(node.path("cpus").asText())));
        assertThat(compose.apply(node.path("environment").path("REPLSIM_ADMIN_TOKEN").asText())).isNotBlank();
        assertThat(compose.apply(node.path("environment").path("REPLSIM_CLUSTER_SECRET").asText()))
                .hasSizeGreaterThanOrEqualTo(ClusterSecret.MIN_LENGTH);
    }

    @Test
    void theSwarmStacksNodesAreOneClusterOnLoopbackThatSwarmRestartsAfterAKill() throws Exception {
        JsonNode stack = YAML.readTree(PROJECT.resolve("docker/swarm-stack.yaml").toFile());
        // what the deploying shell exports (the file's header); the rest keeps its defaults
        Map<String, String> env = Map.of("REPLSIM_IMAGE", "replsim-node:test", "REPLSIM_ADMIN_TOKEN",
                "a-token-for-the-admin-api", "REPLSIM_CLUSTER_SECRET", "a-cluster-secret-of-24ch");
        Function<String, String> deploy = text -> substitute(COMPOSE_VARIABLE, text, m -> {
            String value = env.get(m.group(1));
            if (value != null) {
                return value;
            }
            assertThat(m.group(2)).as("%s is required and the header exports it", m.group(1)).isEqualTo("-");
            return m.group(3);
        });
        List<String> names = new ArrayList<>();
        stack.path("services").properties().forEach(service -> names.add(service.getKey()));
        assertThat(names).containsExactly("node1", "node2", "node3");

        List<NodeOptions> nodes = new ArrayList<>();
        for (String name : names) {
            JsonNode service = stack.path("services").path(name);
            NodeOptions options = new NodeOptionsParser().parse(strings(service.path("command"), deploy));
            nodes.add(options);
            assertThat(options.name()).as("the service's node").isEqualTo(new NodeId(name));
            assertThat(options.bind().isLoopbackAddress()).as("%s binds loopback", name).isTrue();
            assertThat(options.discovery()).isInstanceOfSatisfying(Discovery.StaticMembers.class, members ->
                    assertThat(members.members()).as("%s finds every member, itself included", name)
                            .contains(new InetSocketAddress(options.bind(), options.jgroupsPort())).hasSize(3));
            assertThat(service.path("networks")).extracting(JsonNode::asText).containsExactly("host");
            assertThat(service.at("/deploy/restart_policy/condition").asText())
                    .as("Swarm brings a fresh task up after a kill").isIn("any", "on-failure");
            assertThat(options.cpuBudgetCores()).as("--cpu-budget is the task's CPU limit")
                    .isEqualTo(Double.parseDouble(deploy.apply(service.at("/deploy/resources/limits/cpus").asText())));
            assertThat(deploy.apply(service.at("/deploy/resources/limits/memory").asText())).isNotBlank();
            assertThat(deploy.apply(service.at("/environment/REPLSIM_ADMIN_TOKEN").asText())).isNotBlank();
            assertThat(deploy.apply(service.at("/environment/REPLSIM_CLUSTER_SECRET").asText()))
                    .hasSizeGreaterThanOrEqualTo(ClusterSecret.MIN_LENGTH);
        }
        assertThat(nodes).extracting(NodeOptions::discovery).as("one list of members").containsOnly(nodes.getFirst()
                .discovery());
        List<Integer> ports = nodes.stream().flatMap(node -> Stream.of(node.httpPort(),
                node.adminPort(), node.jgroupsPort(), node.jgroupsPort() + 100)).toList();
        assertThat(ports).as("no two nodes share a port on the host's network").doesNotHaveDuplicates();
        assertThat(stack.at("/networks/host/external").asBoolean()).isTrue();
        assertThat(stack.at("/networks/host/name").asText()).isEqualTo("host");
    }

    @Test
    void theStatefulSetsPodsFindEachOtherThroughItsHeadlessService() throws Exception {
        List<JsonNode> documents = kubernetesDocuments();
        JsonNode service = ofKind(documents, "Service");
        JsonNode statefulSet = ofKind(documents, "StatefulSet");
        JsonNode container = statefulSet.path("spec").path("template").path("spec").path("containers").get(0);
        String namespace = "replsim";
        // What the downward API gives pod 0 of the StatefulSet.
        Map<String, String> pod = Map.of("POD_NAME", statefulSet.path("metadata").path("name").asText() + "-0",
                "POD_IP", "10.244.1.7", "POD_NAMESPACE", namespace);
        List<String> declared = StreamSupport.stream(container.path("env").spliterator(), false)
                .map(variable -> variable.path("name").asText()).toList();
        Function<String, String> kubernetes = text -> substitute(KUBERNETES_VARIABLE, text, m -> {
            assertThat(declared).as("$(%s) is declared in the container's env", m.group(1)).contains(m.group(1));
            return pod.get(m.group(1));
        });

        NodeOptions options = new NodeOptionsParser().parse(strings(container.path("args"), kubernetes));

        assertThat(service.path("spec").path("clusterIP").asText()).isEqualTo("None");
        assertThat(statefulSet.path("spec").path("serviceName").asText())
                .isEqualTo(service.path("metadata").path("name").asText());
        assertThat(service.path("spec").path("selector"))
                .isEqualTo(statefulSet.path("spec").path("template").path("metadata").path("labels"));
        assertThat(options.name()).isEqualTo(new NodeId("replsim-node-0"));
        assertThat(options.bind().getHostAddress()).isEqualTo("10.244.1.7");
        assertThat(options.discovery()).isEqualTo(new Discovery.Dns(
                service.path("metadata").path("name").asText() + "." + namespace + ".svc.cluster.local"));
        assertThat(declared).contains("REPLSIM_ADMIN_TOKEN", "REPLSIM_CLUSTER_SECRET");
        String cpuLimit = container.path("resources").path("limits").path("cpu").asText();
        assertThat(options.cpuBudgetCores()).as("--cpu-budget is the pod's CPU limit %s", cpuLimit)
                .isEqualTo(cpuLimit.endsWith("m") ? Integer.parseInt(cpuLimit.replace("m", "")) / 1000.0
                        : Double.parseDouble(cpuLimit));
        List<Integer> ports = StreamSupport.stream(container.path("ports").spliterator(), false)
                .map(port -> port.path("containerPort").asInt()).toList();
        assertThat(ports).contains(options.httpPort(), options.jgroupsPort(), options.jgroupsPort() + 100);
    }

    private static List<JsonNode> kubernetesDocuments() throws IOException {
        try (var parser = YAML.getFactory().createParser(PROJECT.resolve("docker/k8s/replsim.yaml").toFile())) {
            List<JsonNode> documents = new ArrayList<>();
            YAML.readValues(parser, JsonNode.class).forEachRemaining(documents::add);
            return documents;
        }
    }

    private static JsonNode ofKind(List<JsonNode> documents, String kind) {
        List<JsonNode> found = documents.stream().filter(d -> d.path("kind").asText().equals(kind)).toList();
        assertThat(found).as("one %s in docker/k8s/replsim.yaml", kind).hasSize(1);
        return found.getFirst();
    }

    private static String[] strings(JsonNode list, Function<String, String> expand) {
        assertThat(list.isArray()).as("a list of arguments").isTrue();
        return StreamSupport.stream(list.spliterator(), false).map(JsonNode::asText).map(expand)
                .toArray(String[]::new);
    }

    private static String substitute(Pattern variable, String text, Function<Matcher, String> value) {
        Matcher matcher = variable.matcher(text);
        StringBuilder out = new StringBuilder();
        while (matcher.find()) {
            matcher.appendReplacement(out, Matcher.quoteReplacement(value.apply(matcher)));
        }
        return matcher.appendTail(out).toString();
    }

    private static Map<String, String> envFile(Path file) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.isBlank() && !line.startsWith("#")) {
                int equals = line.indexOf('=');
                env.put(line.substring(0, equals).trim(), line.substring(equals + 1).trim());
            }
        }
        return env;
    }
}
