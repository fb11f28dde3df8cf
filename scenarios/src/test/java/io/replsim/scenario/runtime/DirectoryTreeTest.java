package io.replsim.scenario.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DirectoryTreeTest {

    @Test
    void removesTheDirectoryAndEverythingBelowItAndNothingBeside(@TempDir Path dir) throws Exception {
        Path runs = Files.createDirectories(dir.resolve("runs/20261126-quickstart/nodes"));
        Files.writeString(runs.resolve("node1.log"), "a node's log");
        Files.writeString(dir.resolve("runs/20261126-quickstart/summary.json"), "{}");
        Path beside = Files.writeString(dir.resolve("node.aot"), "kept");

        DirectoryTree.delete(dir.resolve("runs"));

        assertThat(dir.resolve("runs")).doesNotExist();
        assertThat(beside).hasContent("kept");
    }

    @Test
    void aDirectoryThatIsNotThereIsNothingToRemove(@TempDir Path dir) throws Exception {
        DirectoryTree.delete(dir.resolve("never-made"));

        assertThat(dir).isEmptyDirectory();
    }
}
