package io.replsim.bench.floor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class NodeArgumentsReadTest {

    @Test
    void readsANodesOptionsFromItsCommandLine() {
        // as the kernel keeps it: each argument ended by a NUL
        byte[] cmdline = (String.join("\0", "java", "-Xmx256m", "io.replsim.node.NodeMain", "--name", "node1",
                "--parent-pid", "123") + "\0").getBytes(StandardCharsets.UTF_8);

        List<String> arguments = NodeArgumentsRead.parse(cmdline);

        assertThat(arguments).hasSize(7);
        assertThat(NodeArgumentsRead.valueOf(arguments, "--name")).contains("node1");
        assertThat(NodeArgumentsRead.valueOf(arguments, "--parent-pid")).contains("123");
        assertThat(NodeArgumentsRead.valueOf(arguments, "--members")).isEmpty();
    }

    @Test
    void anOptionAtTheEndHasNoValue() {
        assertThat(NodeArgumentsRead.valueOf(List.of("java", "--name"), "--name")).isEmpty();
    }
}
