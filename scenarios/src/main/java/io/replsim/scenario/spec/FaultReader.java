package io.replsim.scenario.spec;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Stream;

/**
 * Reads the {@code faults} list and checks each fault against the rest of the scenario: it must fire before the
 * load ends, name nodes the cluster has, and leave at least one node alive to take over the sessions. The type
 * decides which fields a fault may have, so a field of another type ({@code for} on a kill) is reported.
 */
final class FaultReader {

    static final String EXPECTED = "a list of faults, such as - {type: kill, at: 20s, target: primary-of-most}";

    private static final List<String> SCHEDULE = Stream.concat(Stream.concat(Stream.of("type"),
            ScheduleReader.FIELDS.stream()), Stream.of("seed")).toList();
    /** Each fault type's fields, the schedule's included. */
    static final Map<String, List<String>> FIELDS_BY_TYPE = fieldsByType();
    private static final String TYPES = "a fault type, one of: " + String.join(", ", FIELDS_BY_TYPE.keySet());
    private static final String PRIMARY_OF_MOST = "primary-of-most";
    private static final String COORDINATOR = "coordinator";
    private static final String RANDOM = "random";
    private static final String BUDDY_OF = "buddy-of:";
    private static final String PRIMARY_OF_USER = "primary-of-user:";
    private static final long DEFAULT_SEED = 1;
    /** Past this, the second kill is a fault of its own: the first has been detected and failed over long since. */
    private static final Duration LONGEST_GAP = Duration.ofSeconds(10);
    static final String POSITIVE_AT_MOST_A_DAY = "a duration above 0s and at most 24h, such as 5s";

    private final Optional<ClusterSpec> cluster;
    private final Optional<Integer> users;
    private final Problems problems;
    private final ScheduleReader schedules;
    private final List<FaultExpectation.OfFault> expectations = new ArrayList<>();

    FaultReader(Optional<ClusterSpec> cluster, Optional<Duration> loadDuration, Optional<Integer> users,
                Problems problems) {
        this.cluster = cluster;
        this.users = users;
        this.problems = problems;
        this.schedules = new ScheduleReader(loadDuration);
    }

    private static Map<String, List<String>> fieldsByType() {
        Map<String, List<String>> fields = new LinkedHashMap<>();
        fields.put("kill", with("target"));
        fields.put("double-kill", with("target", "gap"));
        fields.put("stop", with("target"));
        fields.put("pause", with("target", "for"));
        fields.put("resume", Stream.concat(SCHEDULE.stream(), Stream.of("target")).toList());
        fields.put("partition", with("sides", "target", "for"));
        fields.put("delay", with("target", "delay", "for"));
        fields.put("discard", with("target", "sender", "probability", "for"));
        fields.put("reset", with("target", "for"));
        fields.put("restart", with("target"));
        return fields;
    }

    /** A fault's own fields after the schedule's, and {@code expect}: every type but a resume has figures. */
    private static List<String> with(String... fields) {
        return Stream.concat(Stream.concat(SCHEDULE.stream(), Stream.of(fields)), Stream.of("expect")).toList();
    }

    /** A fault that takes a node down (positive) or brings one back (negative), for the survivor check. */
    private record NodeCount(Duration at, int change, String path, JsonNode item) {
    }

    /** The valid faults; every problem with the others is reported. */
    List<FaultSpec> read(List<JsonNode> items, String listPath) {
        List<FaultSpec> faults = new ArrayList<>();
        List<NodeCount> counts = new ArrayList<>();
        for (int index = 0; index < items.size(); index++) {
            String path = listPath + "[" + index + "]";
            JsonNode item = items.get(index);
            JsonNode typeNode = item.isObject() ? item.get("type") : null;
            String typeText = typeNode != null && typeNode.isTextual() ? typeNode.asText() : "";
            List<String> fields = FIELDS_BY_TYPE.getOrDefault(typeText, SCHEDULE);
            Optional<MapReader> fault = MapReader.of(item, path, fields, problems);
            if (fault.isEmpty()) {
                continue;
            }
            Optional<String> type = fault.get().text("type", TYPES)
                    .must(FIELDS_BY_TYPE::containsKey, TYPES)
                    .required();
            if (type.isEmpty()) {
                continue;
            }
            long seed = seed(fault.get(), RANDOM.equals(item.path("target").asText()));
            Optional<Schedule> schedule = schedules.read(fault.get(), seed);
            if (List.of("kill", "double-kill", "stop", "restart").contains(type.get())) {
                int change = switch (type.get()) {
                    case "restart" -> -1;
                    case "double-kill" -> 2;
                    default -> 1;
                };
                // A fault with a bad time still counts at 0s, so that the survivor check is not skipped.
                for (Duration at : schedule.map(Schedule::times).orElse(List.of(Duration.ZERO))) {
                    counts.add(new NodeCount(at, change, path, item));
                }
            }
            read(type.get(), fault.get(), schedule, seed).ifPresent(faults::add);
            if (fault.get().presentFields().contains("expect")) {
                int at = index;
                fault.get().section("expect", ExpectReader.FIELDS).required().map(ExpectReader::read)
                        .filter(expect -> !expect.isEmpty())
                        .ifPresent(expect -> expectations.add(new FaultExpectation.OfFault(at, expect)));
            }
        }
        checkSomeNodeSurvives(counts);
        return faults;
    }

    /** The {@code expect:} maps of the faults read, by the fault's place in the list. */
    List<FaultExpectation.OfFault> expectations() {
        return List.copyOf(expectations);
    }

    private Optional<FaultSpec> read(String type, MapReader fault, Optional<Schedule> schedule, long seed) {
        return switch (type) {
            case "kill" -> both(schedule, target(fault, seed), KillSpec::new);
            case "stop" -> both(schedule, target(fault, seed), StopSpec::new);
            case "double-kill" -> {
                Optional<NodeSelector> target = target(fault, seed);
                Optional<Duration> gap = fault.duration("gap").must(length -> !length.isNegative()
                        && length.compareTo(LONGEST_GAP) <= 0, "a duration from 0s to 10s, such as 500ms").required();
                yield both(schedule, target, (when, node) -> gap.map(wait -> new DoubleKillSpec(when, node, wait)))
                        .flatMap(spec -> spec);
            }
            case "restart" -> both(schedule, target(fault, seed), RestartSpec::new);
            case "pause" -> {
                Optional<NodeSelector> target = target(fault, seed);
                Optional<Duration> lasting = lasting(fault);
                yield both(schedule, target, (when, node) -> new PauseSpec(when, node, lasting));
            }
            case "resume" -> {
                Optional<String> node = fault.text("target", "a paused node's name, " + nodeNames()
                                + " (leave it out to resume every paused node)")
                        .must(this::isNodeName, "a paused node's name, " + nodeNames()).optional();
                yield schedule.map(when -> new ResumeSpec(when, node));
            }
            case "partition" -> {
                Optional<PartitionSpec.Sides> sides = sides(fault, seed);
                Optional<Duration> lasting = lasting(fault);
                yield both(schedule, sides, (when, split) -> new PartitionSpec(when, split, lasting));
            }
            case "delay" -> {
                Optional<NodeSelector> target = target(fault, seed);
                Optional<Duration> delay = fault.duration("delay").must(wait -> wait.isPositive()
                        && wait.compareTo(LoadSettings.LONGEST_REQUEST_TIMEOUT) <= 0,
                        "a duration above 0s and at most 10m, such as 200ms").required();
                Optional<Duration> lasting = lasting(fault);
                yield both(schedule, target, (when, node) -> delay.map(wait -> new DelaySpec(when, node, wait, lasting)))
                        .flatMap(spec -> spec);
            }
            case "discard" -> {
                Optional<NodeSelector> target = target(fault, seed);
                Optional<String> from = fault.text("sender", "the node whose messages the target loses, " + nodeNames())
                        .must(this::isNodeName, "a node name, " + nodeNames())
                        .must(name -> target.filter(NodeSelector.Named.class::isInstance)
                                        .map(named -> !((NodeSelector.Named) named).node().equals(name)).orElse(true),
                                "another node than the target: a node does not lose its own messages")
                        .required();
                Optional<Double> probability = fault.number("probability", "a share of the messages above 0 and at"
                        + " most 1, such as 0.3").must(share -> share > 0 && share <= 1,
                        "a share of the messages above 0 and at most 1, such as 0.3").required();
                Optional<Duration> lasting = lasting(fault);
                yield schedule.flatMap(when -> target.flatMap(node -> from.flatMap(sender -> probability.map(share ->
                        new DiscardSpec(when, node, sender, share, lasting)))));
            }
            case "reset" -> {
                Optional<NodeSelector> target = target(fault, seed);
                Optional<Duration> lasting = lasting(fault);
                yield both(schedule, target, (when, node) -> new ResetSpec(when, node, lasting));
            }
            default -> throw new IllegalStateException("a type without a reader: " + type);
        };
    }

    private static <A, B, R> Optional<R> both(Optional<A> a, Optional<B> b, BiFunction<A, B, R> make) {
        return a.flatMap(first -> b.map(second -> make.apply(first, second)));
    }

    /**
     * The fault's seed (1 when absent), one for every draw of the fault: its target's and, with random times, its
     * schedule's. Reported when nothing of the fault is random.
     */
    private static long seed(MapReader fault, boolean randomTarget) {
        boolean randomTimes = fault.presentFields().contains("random");
        return fault.wholeNumber("seed", 0, Long.MAX_VALUE)
                .must(any -> randomTarget || randomTimes, "no seed unless the target or the times are random")
                .orElse(DEFAULT_SEED);
    }

    private Optional<Duration> lasting(MapReader fault) {
        return fault.duration("for").must(length -> length.isPositive()
                && length.compareTo(LoadSettings.LONGEST_SPAN) <= 0, POSITIVE_AT_MOST_A_DAY).optional();
    }

    /** The required target; {@code seed} drives a random one. */
    private Optional<NodeSelector> target(MapReader fault, long seed) {
        Optional<String> text = fault.text("target", expectedTarget()).must(this::isTarget, expectedTarget()).required();
        return text.map(written -> switch (written) {
            case PRIMARY_OF_MOST -> new NodeSelector.PrimaryOfMost();
            case COORDINATOR -> new NodeSelector.Coordinator();
            case RANDOM -> new NodeSelector.Random(seed);
            default -> written.startsWith(BUDDY_OF)
                    ? new NodeSelector.BuddyOf(written.substring(BUDDY_OF.length()))
                    : written.startsWith(PRIMARY_OF_USER)
                    ? new NodeSelector.PrimaryOfUser(Integer.parseInt(written.substring(PRIMARY_OF_USER.length())))
                    : new NodeSelector.Named(written);
        });
    }

    /** {@code sides: [[node1], [node2, node3]]}, or {@code target:} for one node cut off from all the others. */
    private Optional<PartitionSpec.Sides> sides(MapReader fault, long seed) {
        boolean hasSides = fault.presentFields().contains("sides");
        boolean hasTarget = fault.presentFields().contains("target");
        String expected = "two or more lists of node names, no node on two, such as [[node1], [node2, node3]]"
                + cluster.map(spec -> "; the nodes are " + String.join(", ", spec.nodeNames())).orElse("");
        if (hasSides && hasTarget) {
            fault.text("target", "").must(text -> false, "either sides or target (the node to cut off alone), not both");
            return Optional.empty();
        }
        if (!hasSides) {
            if (!hasTarget) {
                fault.list("sides", expected + ", or a target to cut off alone").required();
                return Optional.empty();
            }
            return target(fault, seed).map(PartitionSpec.Isolate::new);
        }
        return fault.list("sides", expected)
                .must(lists -> validSides(lists), expected)
                .required()
                .map(lists -> new PartitionSpec.Named(lists.stream()
                        .map(side -> {
                            List<String> names = new ArrayList<>();
                            side.forEach(name -> names.add(name.asText()));
                            return List.copyOf(names);
                        }).toList()));
    }

    private boolean validSides(List<JsonNode> sides) {
        Set<String> seen = new HashSet<>();
        return sides.size() >= 2 && sides.stream().allMatch(side -> side.isArray() && !side.isEmpty()
                && Stream.iterate(0, i -> i < side.size(), i -> i + 1).map(side::get)
                        .allMatch(name -> name.isValueNode() && isNodeName(name.asText()) && seen.add(name.asText())));
    }

    private void checkSomeNodeSurvives(List<NodeCount> counts) {
        if (cluster.isEmpty()) {
            return;
        }
        int nodes = cluster.get().nodes();
        int down = 0;
        Set<String> reported = new HashSet<>();
        for (NodeCount count : counts.stream().sorted(Comparator.comparing(NodeCount::at)).toList()) {
            down = Math.max(0, down + count.change());
            if (down >= nodes && reported.add(count.path())) {
                problems.add(count.path(), WrittenValue.of(count.item()), nodes == 1
                        ? "a cluster of at least 2 nodes for a kill (cluster.nodes is 1):"
                                + " nothing would survive to take over the sessions"
                        : "at most " + (nodes - 1) + (nodes == 2 ? " kill" : " kills") + " with cluster.nodes " + nodes
                                + ": one node must survive to take over the sessions");
                down = nodes - 1;
            }
        }
    }

    private boolean isNodeName(String text) {
        return cluster.map(spec -> spec.nodeNames().contains(text)).orElse(true);
    }

    private boolean isTarget(String text) {
        return text.equals(PRIMARY_OF_MOST) || text.equals(COORDINATOR) || text.equals(RANDOM) || isNodeName(text)
                || (text.startsWith(PRIMARY_OF_USER) && isUser(text.substring(PRIMARY_OF_USER.length())))
                || (text.startsWith(BUDDY_OF) && isNodeName(text.substring(BUDDY_OF.length()))
                        && cluster.map(spec -> spec.nodes() > 1).orElse(true));
    }

    /** A user's index as written: from 0 to load.users - 1. */
    private boolean isUser(String written) {
        if (!written.matches("[0-9]{1,9}")) {
            return false;
        }
        int user = Integer.parseInt(written);
        return users.map(count -> user < count).orElse(true);
    }

    private String nodeNames() {
        return cluster.map(spec -> "one of: " + String.join(", ", spec.nodeNames())).orElse("such as node1");
    }

    private String expectedTarget() {
        return PRIMARY_OF_MOST + ", " + COORDINATOR + ", " + RANDOM + ", " + BUDDY_OF + "<node>, " + PRIMARY_OF_USER
                + "<user> (a user from 0" + users.map(count -> " to " + (count - 1)).orElse("") + ") or a node name, "
                + nodeNames();
    }
}
