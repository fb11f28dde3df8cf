package io.replsim.scenario;

import io.replsim.scenario.run.StartCacheTraining;
import io.replsim.scenario.runtime.NodeLauncher;
import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;

/**
 * Once per test JVM of this module, before its first test: trains the node JVMs' start-up cache on this build's
 * jars ({@link StartCacheTraining}, as the launcher does after a build), once for all the build's test JVMs, and has every
 * node process a test starts use it, so that the suite's few dozen clusters do not each load and link their classes
 * cold under a 0.66-core quota. A node cold took 4.7 s of CPU for its start and 3 s of light load, one from the cache
 * 2.4-3.7 s (2 nodes, 2 runs each, 26 Nov 2026). Only when surefire names the cache's file in {@value
 * #CACHE_PROPERTY}, on JDK 25 or newer, and when the nodes' classes are all in jars (a reactor build that packaged
 * them; the cache covers no directory); {@code REPLSIM_NODE_CACHE=off} leaves it out as it does for a run. Whatever
 * goes wrong, the nodes start cold as before and the line printed says why.
 */
public final class NodeStartCacheForTests implements LauncherSessionListener {
    static final String CACHE_PROPERTY = "replsim.test.nodeStartCache";

    @Override
    public void launcherSessionOpened(LauncherSession session) {
        String file = System.getProperty(CACHE_PROPERTY, "");
        if (file.isBlank() || System.getProperty(NodeLauncher.START_CACHE_PROPERTY) != null) {
            return;
        }
        if ("off".equals(System.getenv("REPLSIM_NODE_CACHE"))) {
            System.out.println("replsim tests: node JVMs start cold (REPLSIM_NODE_CACHE=off)");
            return;
        }
        if (Runtime.version().feature() < 25) {
            System.out.println("replsim tests: node JVMs start cold: the start-up cache needs JDK 25, this is "
                    + Runtime.version());
            return;
        }
        // This module's own classes, a directory in the suite and its jar in the drills' JVMs (failsafe's), are left
        // out: a node runs none of them, and without them every tier's nodes have one class path and share one cache.
        Path target = Path.of("target").toAbsolutePath();
        List<String> entries = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !Path.of(entry).toAbsolutePath().startsWith(target))
                .toList();
        List<String> directories = entries.stream().filter(entry -> Files.isDirectory(Path.of(entry))).toList();
        if (!directories.isEmpty()) {
            System.out.println("replsim tests: node JVMs start cold: their class path holds directories, which a"
                    + " start-up cache does not cover (a build that did not package them): " + directories);
            return;
        }
        try {
            String nodeClasspath = String.join(File.pathSeparator, entries);
            useOrTrain(ofClasspath(Path.of(file).toAbsolutePath(), nodeClasspath), nodeClasspath, entries);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            System.out.println("replsim tests: node JVMs start cold: training their start-up cache failed: " + e);
        }
    }

    /** The named file with the class path's hash in its name: a JVM refuses a cache recorded on another class path. */
    private static Path ofClasspath(Path named, String nodeClasspath) {
        String name = named.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String hash = HexFormat.of().toHexDigits(nodeClasspath.hashCode());
        return named.resolveSibling(name.substring(0, dot) + "-" + hash + name.substring(dot));
    }

    /**
     * The test JVMs of one build (surefire's forks) share one cache: the first to hold the lock trains it, the others
     * wait for it and use it. A cache newer than every jar of the nodes' class path was trained on these very jars
     * (by an earlier fork, or an earlier build that packaged the same ones) and is used as it is.
     */
    private static void useOrTrain(Path cache, String nodeClasspath, List<String> jars) throws Exception {
        Path dir = Files.createDirectories(cache.getParent());
        try (FileChannel lock = FileChannel.open(dir.resolve("training.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE); FileLock held = lock.lock()) {
            if (newerThanEvery(cache, jars)) {
                use(cache, nodeClasspath);
                System.out.printf(Locale.ROOT, "replsim tests: node JVMs start from %s, trained on these jars before"
                        + " (%s)%n", cache, Files.getLastModifiedTime(cache));
                return;
            }
            train(cache, nodeClasspath);
        }
    }

    private static boolean newerThanEvery(Path cache, List<String> jars) throws IOException {
        if (!Files.isRegularFile(cache)) {
            return false;
        }
        FileTime trained = Files.getLastModifiedTime(cache);
        for (String jar : jars) {
            if (Files.getLastModifiedTime(Path.of(jar)).compareTo(trained) >= 0) {
                return false;
            }
        }
        return true;
    }

    private static void use(Path cache, String nodeClasspath) {
        System.setProperty(NodeLauncher.NODE_CLASSPATH_PROPERTY, nodeClasspath);
        System.setProperty(NodeLauncher.START_CACHE_PROPERTY, cache.toString());
    }

    private static void train(Path cache, String nodeClasspath) throws Exception {
        long started = System.nanoTime();
        NodeLauncher nodes = new NodeLauncher(NodeLauncher.currentJvm().java(), nodeClasspath);
        Optional<String> whyNot = new StartCacheTraining(nodes, cache.resolveSibling("training")).train(cache);
        if (whyNot.isPresent()) {
            System.out.println("replsim tests: node JVMs start cold: the training wrote no start-up cache: "
                    + whyNot.get());
            return;
        }
        use(cache, nodeClasspath);
        System.out.printf(Locale.ROOT, "replsim tests: node JVMs start from %s, trained in %.1f s on this build's"
                + " jars%n", cache, (System.nanoTime() - started) / 1e9);
    }
}
