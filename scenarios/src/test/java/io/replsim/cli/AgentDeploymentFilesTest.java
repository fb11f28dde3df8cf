package io.replsim.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.replsim.loadgen.exchange.NodeEndpoint;
import io.replsim.loadgen.profile.UserShare;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load agents' deployment files (docker/agents-stack.yaml for a Swarm stack, docker/k8s/replsim-agents.yaml
 * for an indexed Kubernetes Job) cannot run here, so this reads them as Swarm and Kubernetes would, fills in what
 * they fill in (Compose's variables, the task's slot; the Job's completion index, the container's env), lets a real
 * shell expand the container's command line as it would in the container, and hands what it would run to the
 * agent's own parser: each replica or pod must be a different agent of the same run, at the same targets.
 */
class AgentDeploymentFilesTest {
    private static final Path PROJECT = Path.of("").toAbsolutePath().getParent();
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
    private static final String CONTAINER_SCENARIO = "/etc/replsim/scenario.yaml";

    @TempDir
    Path dir;

    @Test
    void theSwarmServicesReplicasAreAgentsOneToNOfOneRunAtTheTargetsGiven() throws Exception {
        JsonNode file = YAML.readTree(PROJECT.resolve("docker/agents-stack.yaml").toFile());
        JsonNode service = file.path("services").path("agent");
        Instant start = Instant.now().plus(1, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.SECONDS);
        Map<String, String> deployEnv = Map.of("REPLSIM_AGENT_IMAGE", "replsim-agent:test", "REPLSIM_AGENTS", "2",
                "REPLSIM_START_AT", start.toString(),
                "REPLSIM_TARGETS", "--target node1=http://10.0.0.11:8080 --target node2=http://10.0.0.12:8080");
        Function<String, String> compose = text -> compose(text, deployEnv);
        Path scenario = PROJECT.resolve("docker").resolve(compose.apply(file.at("/configs/scenario/file").asText()))
                .normalize();
        assertThat(service.at("/deploy/mode").asText()).isEqualTo("replicated");
        assertThat(compose.apply(service.at("/deploy/replicas").asText())).isEqualTo("2");
        assertThat(service.at("/configs/0/target").asText()).isEqualTo(CONTAINER_SCENARIO);
        assertThat(service.at("/configs/0/source").asText()).isEqualTo("scenario");
        assertThat(service.path("entrypoint")).extracting(JsonNode::asText).containsExactly("/bin/sh", "-c");

        List<AgentCommand.Plan> plans = new ArrayList<>();
        for (int slot = 1; slot <= 2; slot++) {
            Map<String, String> env = new HashMap<>();
            int taskSlot = slot;
            service.path("environment").properties().forEach(variable -> env.put(variable.getKey(),
                    compose.apply(variable.getValue().asText()).replace("{{.Task.Slot}}", String.valueOf(taskSlot))));
            List<String> args = shell(compose.apply(service.path("command").get(0).asText()), env);
            plans.add(plan(args, scenario));
            assertThat(args).containsSequence("--runs-dir", "/runs/agent-" + slot);
        }

        assertThat(plans).extracting(plan -> plan.agent().share())
                .containsExactly(new UserShare(1, 2), new UserShare(2, 2));
        assertThat(plans).allSatisfy(plan -> {
            assertThat(plan.agent().startAt()).isEqualTo(start);
            assertThat(plan.target().nodes()).extracting(NodeEndpoint::name).containsExactly("node1", "node2");
        });
        assertThat(scenario).isEqualTo(PROJECT.resolve("scenarios/agents.yaml"));
    }

    @Test
    void theIndexedJobsPodsAreAgentsOneToNOfOneRunAtTheStatefulSetsPods() throws Exception {
        List<JsonNode> documents = documents(PROJECT.resolve("docker/k8s/replsim-agents.yaml"));
        JsonNode job = ofKind(documents, "Job");
        JsonNode container = job.at("/spec/template/spec/containers/0");
        List<JsonNode> nodes = documents(PROJECT.resolve("docker/k8s/replsim.yaml"));
        JsonNode statefulSet = ofKind(nodes, "StatefulSet");
        String service = statefulSet.at("/spec/serviceName").asText();
        int completions = job.at("/spec/completions").asInt();
        assertThat(job.at("/spec/completionMode").asText()).isEqualTo("Indexed");
        assertThat(job.at("/spec/parallelism").asInt()).as("every agent at once").isEqualTo(completions);
        assertThat(container.path("command")).extracting(JsonNode::asText).containsExactly("/bin/sh", "-c");
        JsonNode mounts = container.path("volumeMounts");
        assertThat(mounts).anySatisfy(mount -> assertThat(mount.path("mountPath").asText())
                .isEqualTo(Path.of(CONTAINER_SCENARIO).getParent().toString()));
        Instant start = Instant.now().plus(1, ChronoUnit.MINUTES).truncatedTo(ChronoUnit.SECONDS);
        // what the documented sed does to the file
        Map<String, String> declared = new HashMap<>();
        container.path("env").forEach(variable -> declared.put(variable.path("name").asText(),
                variable.path("value").asText().replace("START-AT-PLACEHOLDER", start.toString())));

        List<AgentCommand.Plan> plans = new ArrayList<>();
        for (int index = 0; index < completions; index++) {
            Map<String, String> env = new HashMap<>(declared);
            env.put("JOB_COMPLETION_INDEX", String.valueOf(index));
            List<String> args = shell(kubernetes(container.path("args").get(0).asText(), env), env);
            plans.add(plan(args, PROJECT.resolve("scenarios/agents.yaml")));
        }

        assertThat(plans).extracting(plan -> plan.agent().share())
                .containsExactly(new UserShare(1, 2), new UserShare(2, 2));
        int replicas = statefulSet.at("/spec/replicas").asInt();
        List<String> pods = new ArrayList<>();
        for (int pod = 0; pod < replicas; pod++) {
            pods.add(statefulSet.at("/metadata/name").asText() + "-" + pod);
        }
        assertThat(plans).allSatisfy(plan -> {
            assertThat(plan.agent().startAt()).isEqualTo(start);
            // each target named as its pod's node is (--name $(POD_NAME)), at its address under the headless Service
            assertThat(plan.target().nodes()).extracting(NodeEndpoint::name).containsExactlyElementsOf(pods);
            assertThat(plan.target().nodes()).allSatisfy(node -> assertThat(node.baseUri().getHost())
                    .isEqualTo(node.name() + "." + service));
        });
    }

    /** The agent's plan for the command line {@code replsim agent <container scenario> ...} a container runs. */
    private static AgentCommand.Plan plan(List<String> args, Path scenario) {
        assertThat(args.subList(0, 2)).containsExactly("agent", CONTAINER_SCENARIO);
        return AgentCommandTest.plan(scenario, Instant.now(), args.subList(2, args.size()).toArray(String[]::new));
    }

    /** What {@code command} runs as {@code replsim}'s arguments when a shell runs it with {@code env}. */
    private List<String> shell(String command, Map<String, String> env) throws IOException, InterruptedException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path replsim = bin.resolve("replsim");
        if (!Files.exists(replsim)) {
            Files.writeString(replsim, "#!/bin/sh\nfor arg in \"$@\"; do printf '%s\\n' \"$arg\"; done\n");
            Files.setPosixFilePermissions(replsim, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        ProcessBuilder builder = new ProcessBuilder("/bin/sh", "-c", command);
        builder.environment().clear();
        builder.environment().putAll(env);
        builder.environment().put("PATH", bin + ":/usr/bin:/bin");
        Process process = builder.redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(out).isZero();
        return out.lines().toList();
    }

    /**
     * Compose's interpolation at deploy time: {@code $$} is a {@code $} left for the container's shell; {@code $NAME},
     * {@code ${NAME}}, {@code ${NAME:-default}} and {@code ${NAME:?error}} are the deploy's environment.
     */
    private static String compose(String text, Map<String, String> env) {
        return expand(text, (at, i) -> {
            if (at.startsWith("${", i)) {
                int end = at.indexOf('}', i);
                String expression = at.substring(i + 2, end);
                String name = expression.split(":", 2)[0];
                String value = env.get(name);
                if (value == null) {
                    assertThat(expression).as("${%s} is given or has a default", name).contains(":-");
                    value = expression.substring(expression.indexOf(":-") + 2);
                }
                return new Expanded(value, end + 1);
            }
            int end = i + 1;
            while (end < at.length() && (Character.isLetterOrDigit(at.charAt(end)) || at.charAt(end) == '_')) {
                end++;
            }
            // $NAME unbraced: Compose fills it in too, empty when the deploy's environment has no NAME
            return end == i + 1 ? null : new Expanded(env.getOrDefault(at.substring(i + 1, end), ""), end);
        });
    }

    /** Kubernetes' expansion of a container's command: {@code $$} is a {@code $}; {@code $(NAME)} a declared env. */
    private static String kubernetes(String text, Map<String, String> env) {
        return expand(text, (at, i) -> {
            if (!at.startsWith("$(", i)) {
                return null;
            }
            int end = at.indexOf(')', i);
            String name = at.substring(i + 2, end);
            assertThat(env).as("$(%s) is declared in the container's env", name).containsKey(name);
            return new Expanded(env.get(name), end + 1);
        });
    }

    /** What a {@code $} at some place in a text became, and where the text goes on after it. */
    private record Expanded(String value, int next) {}

    /** {@code text} with {@code $$} as a {@code $} and every other {@code $} as {@code at} says (null: as it is). */
    private static String expand(String text, BiFunction<String, Integer, Expanded> at) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < text.length()) {
            Expanded expanded = text.startsWith("$$", i) ? new Expanded("$", i + 2)
                    : text.charAt(i) == '$' ? at.apply(text, i) : null;
            if (expanded == null) {
                out.append(text.charAt(i++));
            } else {
                out.append(expanded.value());
                i = expanded.next();
            }
        }
        return out.toString();
    }

    private static List<JsonNode> documents(Path file) throws IOException {
        try (var parser = YAML.getFactory().createParser(file.toFile())) {
            List<JsonNode> documents = new ArrayList<>();
            YAML.readValues(parser, JsonNode.class).forEachRemaining(documents::add);
            return documents;
        }
    }

    private static JsonNode ofKind(List<JsonNode> documents, String kind) {
        List<JsonNode> found = StreamSupport.stream(documents.spliterator(), false)
                .filter(document -> document.path("kind").asText().equals(kind)).toList();
        assertThat(found).as("one %s", kind).hasSize(1);
        return found.getFirst();
    }
}
