package io.replsim.tomcat;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * One Tomcat member's command line (docs/interfaces.md §5): its name (the jvmRoute), its ports on {@code bind}, every
 * member's Tribes port by name (itself included: static membership, no multicast), the session manager and the
 * replication, the WAR to serve and where Tomcat may write.
 */
record TomcatNodeArguments(String name, String bind, int httpPort, int adminPort, Map<String, Integer> members,
                           Manager manager, Replication replication, Path war, Path workDir, int workers,
                           OptionalLong parentPid) {

    /** DeltaManager (all-to-all) or BackupManager (one backup). */
    enum Manager { DELTA, BACKUP }

    /** Tomcat's channelSendOptions: 6 (USE_ACK + SYNCHRONIZED_ACK) or 8 (asynchronous). */
    enum Replication { SYNC, ASYNC }

    TomcatNodeArguments {
        Objects.requireNonNull(name, "name");
        members = Map.copyOf(members);
        if (!members.containsKey(name)) {
            throw new IllegalArgumentException("--members: got " + members.keySet() + ", which does not name this"
                    + " node " + name + "; list every member, this one included, as name=tribesPort");
        }
    }

    int tribesPort() {
        return members.get(name);
    }

    /**
     * Reads {@code --name node1 --http-port 18081 --admin-port 18181 --members node1=18281,node2=18282 --manager delta
     * --replication async --war x.war --work-dir dir [--bind 127.0.0.1] [--workers 16] [--parent-pid 123]};
     * what it throws names the argument, what was given and what is expected.
     */
    static TomcatNodeArguments parse(String[] args) {
        Map<String, String> given = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (!arg.startsWith("--")) {
                throw new IllegalArgumentException("bad argument " + arg + ": expected --option value");
            }
            int equals = arg.indexOf('=');
            if (equals > 0) {
                given.put(arg.substring(2, equals), arg.substring(equals + 1));
            } else if (i + 1 < args.length) {
                given.put(arg.substring(2), args[++i]);
            } else {
                throw new IllegalArgumentException("bad argument " + arg + ": no value");
            }
        }
        Map<String, Integer> members = new LinkedHashMap<>();
        for (String member : required(given, "members").split(",")) {
            int equals = member.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("bad argument --members: got \"" + member + "\", expected"
                        + " name=tribesPort");
            }
            members.put(member.substring(0, equals).trim(), port("members", member.substring(equals + 1)));
        }
        TomcatNodeArguments parsed = new TomcatNodeArguments(required(given, "name"),
                given.getOrDefault("bind", "127.0.0.1"), port("http-port", required(given, "http-port")),
                port("admin-port", required(given, "admin-port")), members,
                choice(Manager.class, "manager", given.getOrDefault("manager", "delta")),
                choice(Replication.class, "replication", given.getOrDefault("replication", "async")),
                Path.of(required(given, "war")), Path.of(required(given, "work-dir")),
                whole("workers", given.getOrDefault("workers", "16"), 1, 1000),
                given.containsKey("parent-pid") ? OptionalLong.of(whole("parent-pid", given.get("parent-pid"), 1,
                        Integer.MAX_VALUE)) : OptionalLong.empty());
        given.keySet().removeAll(java.util.Set.of("name", "bind", "http-port", "admin-port", "members", "manager",
                "replication", "war", "work-dir", "workers", "parent-pid"));
        if (!given.isEmpty()) {
            throw new IllegalArgumentException("bad argument --" + given.keySet().iterator().next()
                    + ": no such option");
        }
        return parsed;
    }

    private static String required(Map<String, String> given, String option) {
        String value = given.get(option);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("missing argument --" + option);
        }
        return value;
    }

    private static int port(String option, String text) {
        return whole(option, text, 1, 65_535);
    }

    private static int whole(String option, String text, int min, int max) {
        try {
            int value = Integer.parseInt(text.trim());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("bad argument --" + option + ": got \"" + text + "\", expected a whole"
                + " number from " + min + " to " + max);
    }

    private static <E extends Enum<E>> E choice(Class<E> type, String option, String text) {
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(text.trim())) {
                return constant;
            }
        }
        throw new IllegalArgumentException("bad argument --" + option + ": got \"" + text + "\", expected one of "
                + java.util.Arrays.stream(type.getEnumConstants()).map(c -> c.name().toLowerCase(java.util.Locale.ROOT))
                .toList());
    }
}
