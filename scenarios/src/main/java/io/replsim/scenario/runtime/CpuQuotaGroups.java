package io.replsim.scenario.runtime;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * One cgroup per node of a run, each holding its node to the run's CPU budget, under a group of the run
 * ({@code <mount>/replsim/run-<pid of this JVM>-<random>}). The node's group is made when it first starts and
 * keeps its quota across restarts; {@link #remove()} takes the groups away once their processes have ended. Groups
 * left by a run whose JVM is gone (a crash, a SIGKILL) are removed when the next run opens its own.
 */
public final class CpuQuotaGroups {
    static final String PARENT = "replsim";
    private static final String RUN_PREFIX = "run-";
    /** A killed process leaves its group a moment after it was reaped; until then rmdir says the group is busy. */
    private static final Duration EMPTY_DEADLINE = Duration.ofSeconds(5);

    private final CgroupCpuController controller;
    private final Path run;
    private final double cores;
    private final Map<String, Path> nodes = new ConcurrentHashMap<>();

    private CpuQuotaGroups(CgroupCpuController controller, Path run, double cores) {
        this.controller = controller;
        this.run = run;
        this.cores = cores;
    }

    /** Makes the run's group under {@code controller}'s mount, after removing groups of runs that are gone. */
    public static CpuQuotaGroups open(CgroupCpuController controller, double cores, PrintStream out)
            throws CgroupUnavailableException {
        Path parent = controller.mount().resolve(PARENT);
        try {
            controller.delegateCpu(controller.mount());
            Files.createDirectories(parent);
            controller.delegateCpu(parent);
        } catch (IOException e) {
            throw new CgroupUnavailableException("cannot create the cgroup " + parent + ": " + reason(e)
                    + " (making cgroups needs root, or a group delegated to this user)");
        }
        removeStale(parent, out);
        Path run = parent.resolve(RUN_PREFIX + ProcessHandle.current().pid() + "-"
                + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 16));
        try {
            Files.createDirectory(run);
            controller.delegateCpu(run);
        } catch (IOException e) {
            throw new CgroupUnavailableException("cannot create the cgroup " + run + ": " + reason(e));
        }
        return new CpuQuotaGroups(controller, run, cores);
    }

    /** Puts process {@code pid} into {@code node}'s group (made and limited on the node's first start). */
    public void place(String node, long pid) throws IOException {
        Path group = nodes.get(node);
        if (group == null) {
            group = run.resolve(node);
            Files.createDirectory(group);
            nodes.put(node, group);
            controller.limit(group, cores);
        }
        Files.writeString(group.resolve("cgroup.procs"), Long.toString(pid));
    }

    /** Takes {@code node}'s quota away once the run is over: for work after the figures, a cache to write. */
    public void release(String node) throws IOException {
        Path group = nodes.get(node);
        if (group != null) {
            controller.unlimit(group);
        }
    }

    public String describe() {
        return controller.describe(cores) + " (" + run + ")";
    }

    /** {@code node}'s group, once it was placed. */
    public Optional<Path> groupOf(String node) {
        return Optional.ofNullable(nodes.get(node));
    }

    /** Periods in which the kernel stopped {@code node} for having used its quota. */
    public long throttledPeriods(String node) throws IOException {
        return controller.throttledPeriods(groupOf(node).orElseThrow(() ->
                new IOException(node + " has no cgroup in " + run)));
    }

    /**
     * Removes every node's group and the run's, waiting for processes that were just killed to leave them; returns
     * what could not be removed (a group that still holds a process), empty when all went.
     */
    public List<String> remove() {
        List<String> left = new ArrayList<>();
        for (Path group : nodes.values()) {
            removeWhenEmpty(group).ifPresent(left::add);
        }
        nodes.clear();
        removeWhenEmpty(run).ifPresent(left::add);
        return left;
    }

    /** Groups of runs whose JVM no longer exists: their nodes watch that JVM and are gone too, or soon will be. */
    private static void removeStale(Path parent, PrintStream out) {
        try (DirectoryStream<Path> runs = Files.newDirectoryStream(parent, RUN_PREFIX + "*")) {
            for (Path stale : runs) {
                if (ownerAlive(stale.getFileName().toString())) {
                    continue;
                }
                List<String> left = new ArrayList<>();
                try (DirectoryStream<Path> groups = Files.newDirectoryStream(stale, Files::isDirectory)) {
                    for (Path group : groups) {
                        removeWhenEmpty(group).ifPresent(left::add);
                    }
                }
                removeWhenEmpty(stale).ifPresent(left::add);
                if (left.isEmpty()) {
                    out.println("replsim: removed the CPU cgroups of an earlier run that ended without cleaning up ("
                            + stale + ")");
                } else {
                    out.println("replsim: could not remove the CPU cgroups of an earlier run: " + left);
                }
            }
        } catch (IOException e) {
            out.println("replsim: could not look for CPU cgroups of earlier runs in " + parent + ": " + reason(e));
        }
    }

    private static boolean ownerAlive(String runName) {
        String[] parts = runName.substring(RUN_PREFIX.length()).split("-");
        try {
            long pid = Long.parseLong(parts[0]);
            return pid == ProcessHandle.current().pid()
                    || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        } catch (NumberFormatException notOurs) {
            return true;
        }
    }

    private static Optional<String> removeWhenEmpty(Path group) {
        long deadline = System.nanoTime() + EMPTY_DEADLINE.toNanos();
        while (true) {
            try {
                Files.delete(group);
                return Optional.empty();
            } catch (NoSuchFileException gone) {
                return Optional.empty();
            } catch (IOException e) {
                if (System.nanoTime() - deadline > 0) {
                    return Optional.of(group + " (" + reason(e) + ")");
                }
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.of(group + " (interrupted while its processes were leaving)");
            }
        }
    }

    private static String reason(IOException e) {
        return e instanceof FileSystemException fs && fs.getReason() != null ? fs.getReason()
                : e.getClass().getSimpleName() + ": " + e.getMessage();
    }
}
