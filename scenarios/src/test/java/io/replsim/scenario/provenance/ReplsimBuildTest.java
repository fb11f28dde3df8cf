package io.replsim.scenario.provenance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The commit a figure names is what git says of the checkout the jar was built from, with whether that tree had
 * changes not committed; it is baked into the jar, so a copy of the jar far from any checkout still names it; and
 * where no commit can be found it says "unknown" and why, never a guess.
 */
class ReplsimBuildTest {

    @Test
    void aCommittedTreeIsCleanAndAChangeToATrackedFileMakesItDirty(@TempDir Path dir) throws Exception {
        Path tree = checkoutWithOneCommit(dir);

        ReplsimBuild clean = ReplsimBuild.ofCheckout(tree);
        Files.writeString(tree.resolve("scenario.yaml"), "name: changed\n");
        ReplsimBuild changed = ReplsimBuild.ofCheckout(tree);

        String head = git(tree, "rev-parse", "HEAD").strip();
        assertThat(clean.commit()).isEqualTo(head).hasSize(40);
        assertThat(clean.dirty()).as(clean.toString()).isFalse();
        assertThat(changed.commit()).isEqualTo(head);
        assertThat(changed.dirty()).as(changed.toString()).isTrue();
        assertThat(changed.describe()).isEqualTo(head.substring(0, 7) + " (dirty)");
    }

    @Test
    void aNewFileMakesTheTreeDirtyAndAnIgnoredOneDoesNot(@TempDir Path dir) throws Exception {
        Path tree = checkoutWithOneCommit(dir);
        Files.createDirectories(tree.resolve("target")).resolve("built.jar").toFile().createNewFile();

        ReplsimBuild ignored = ReplsimBuild.ofCheckout(tree);
        Files.writeString(tree.resolve("NewSource.java"), "class NewSource {}\n");
        ReplsimBuild added = ReplsimBuild.ofCheckout(tree);

        assertThat(ignored.dirty()).as("target/ is ignored: " + ignored).isFalse();
        assertThat(added.dirty()).as("a source not yet added: " + added).isTrue();
    }

    @Test
    void aTreeThatIsNoCheckoutHasAnUnknownCommitAndSaysWhy(@TempDir Path dir) {
        ReplsimBuild none = ReplsimBuild.ofCheckout(dir);

        assertThat(none.commit()).isEqualTo("unknown");
        assertThat(none.dirty()).isNull();
        assertThat(none.source()).contains(dir.toString()).contains("is not a git checkout");
        assertThat(none.describe()).isEqualTo("unknown");
    }

    @Test
    void theBakedCommitTravelsWithACopyOfTheJarFarFromItsCheckout(@TempDir Path dir) throws Exception {
        Path tree = checkoutWithOneCommit(dir);
        Files.writeString(tree.resolve("scenario.yaml"), "name: changed\n");
        Path jar = emptyJar(tree.resolve("target").resolve("scenarios.jar"));

        ReplsimBuild baked = BuildStamp.bake(tree, jar);
        Path copy = Files.copy(jar, Files.createDirectories(dir.resolve("elsewhere")).resolve("copied.jar"));
        deleteTree(tree);

        try (URLClassLoader loader = new URLClassLoader(new URL[]{copy.toUri().toURL()}, null)) {
            ReplsimBuild read = ReplsimBuild.bakedIn(loader);
            assertThat(read).isEqualTo(baked);
            assertThat(read.commit()).hasSize(40);
            assertThat(read.dirty()).isTrue();
            assertThat(read.source()).contains("when the jar was built");
        }
    }

    @Test
    void aJarTheLauncherDidNotBakeSaysTheCommitIsUnknown(@TempDir Path dir) throws Exception {
        Path jar = emptyJar(dir.resolve("plain.jar"));

        try (URLClassLoader loader = new URLClassLoader(new URL[]{jar.toUri().toURL()}, null)) {
            ReplsimBuild read = ReplsimBuild.bakedIn(loader);
            assertThat(read.commit()).isEqualTo("unknown");
            assertThat(read.dirty()).isNull();
            assertThat(read.source()).contains("./replsim launcher bakes the commit");
        }
    }

    /** A git repository with one committed file and {@code target/} ignored, as replsim's own. */
    private static Path checkoutWithOneCommit(Path dir) throws Exception {
        Path tree = Files.createDirectories(dir.resolve("checkout"));
        Files.writeString(tree.resolve("scenario.yaml"), "name: committed\n");
        Files.writeString(tree.resolve(".gitignore"), "target/\n");
        git(tree, "init", "-q");
        git(tree, "add", ".");
        git(tree, "-c", "user.name=replsim", "-c", "user.email=replsim@localhost", "-c", "commit.gpgsign=false",
                "commit", "-q", "-m", "one commit");
        return tree;
    }

    private static Path emptyJar(Path jar) throws IOException {
        Files.createDirectories(jar.getParent());
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file)) {
            out.putNextEntry(new JarEntry("io/replsim/placeholder.txt"));
            out.write("a class would be here".getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        }
        return jar;
    }

    private static void deleteTree(Path tree) throws IOException {
        try (var paths = Files.walk(tree)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static String git(Path tree, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("git", "-C", tree.toString()));
        command.addAll(List.of(args));
        Process git = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(git.waitFor(30, TimeUnit.SECONDS)).as("git " + String.join(" ", args) + " ended").isTrue();
        assertThat(git.exitValue()).as("git " + String.join(" ", args) + ": " + output).isZero();
        return output;
    }
}
