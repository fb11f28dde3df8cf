package io.replsim.scenario.runtime.external;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import io.replsim.node.admin.AdminToken;
import io.replsim.replication.transport.ClusterSecret;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * scenarios/external-drill.yaml's header tells a reader how to start two replsim nodes by hand as "their" cluster.
 * A node refuses to start (exit 2) without an admin token or a cluster secret of {@link ClusterSecret#MIN_LENGTH}
 * characters in its environment, so the header's {@code export} line must give both, or its nodes never start.
 */
class ExternalDrillRecipeTest {

    private static final Pattern ASSIGNMENT = Pattern.compile("\\b([A-Z][A-Z0-9_]*)=(\"[^\"]*\"|\\S+)");

    @Test
    void theHeadersExportLineGivesTheNodesEverySecretTheyRefuseToStartWithout() throws IOException {
        Map<String, String> exported = exportedByTheHeader(Path.of("external-drill.yaml"));

        assertThat(exported).containsKey(AdminToken.ENVIRONMENT_VARIABLE);
        assertThatCode(() -> new AdminToken(exported.get(AdminToken.ENVIRONMENT_VARIABLE))).doesNotThrowAnyException();
        assertThat(exported).as("a node started without %s exits 2", ClusterSecret.ENVIRONMENT_VARIABLE)
                .containsKey(ClusterSecret.ENVIRONMENT_VARIABLE);
        assertThatCode(() -> new ClusterSecret(exported.get(ClusterSecret.ENVIRONMENT_VARIABLE)))
                .doesNotThrowAnyException();
    }

    private static Map<String, String> exportedByTheHeader(Path scenario) throws IOException {
        List<String> exports = Files.readAllLines(scenario).stream()
                .takeWhile(line -> line.startsWith("#"))
                .map(line -> line.substring(1).strip())
                .filter(line -> line.startsWith("export "))
                .toList();
        assertThat(exports).as("the header's export line").hasSize(1);
        Map<String, String> exported = new LinkedHashMap<>();
        Matcher assignment = ASSIGNMENT.matcher(exports.getFirst());
        while (assignment.find()) {
            exported.put(assignment.group(1), assignment.group(2));
        }
        return exported;
    }
}
