package io.replsim.cli;

import io.replsim.loadgen.profile.UserShare;
import io.replsim.scenario.report.AgentRecord;
import io.replsim.scenario.run.LoadAgent;
import io.replsim.scenario.run.PlayedRuntime;
import io.replsim.scenario.run.RunOutcome;
import io.replsim.scenario.run.ScenarioRunner;
import io.replsim.scenario.runtime.NodeLauncher;
import io.replsim.scenario.runtime.external.ExternalTarget;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.runtime.ClusterStartException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "agent", description = {"Drive one load agent's share of the scenario's users at a running cluster,"
        + " from a start common to every agent.",
        "Agent i of n runs users i-1, i-1+n, i-1+2n, ... (from 0), each with a single driver's start in the ramp-up and"
        + " seed, into its own run directory (latency.hlog, summary.json with its verdicts and validity, agent.json);"
        + " replsim merge <agent dirs> --into <dir> makes one run of them."},
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = {
                "0:every check held over this agent's users and its run was VALID",
                "1:a check failed",
                "2:bad input: the scenario, --agent, --start-at, no --target (what was wrong is printed)",
                "3:the run broke: a target did not answer, the start passed before the cluster answered",
                "4:this agent's run was INVALID (its reasons are printed); the merge names it"})
final class AgentCommand implements Callable<Integer> {
    private static final Pattern SHARE = Pattern.compile("(\\d+)/(\\d+)");

    @Mixin
    ScenarioFile scenario;

    @Mixin
    ExternalTargetOptions external;

    @Option(names = "--agent", required = true, paramLabel = "i/n", description = "this agent's number from 1 and how"
            + " many agents share the load, e.g. 1/2 and 2/2")
    String agent;

    @Option(names = "--start-at", required = true, paramLabel = "<instant>", description = {"when every agent starts"
            + " its load, an ISO-8601 instant such as 2026-11-29T10:30:00Z,", "the same on every agent; at most "
            + "2 s in the past (date -u -d '+1 min' +%%Y-%%m-%%dT%%H:%%M:%%SZ)"})
    String startAt;

    @Option(names = "--seed", paramLabel = "<int>", description = "the seed every agent's users draw from, the same on"
            + " every agent (default: --start-at's epoch second)")
    Integer seed;

    @Option(names = "--progress-every", defaultValue = "5", description = "seconds between progress lines (default:"
            + " ${DEFAULT-VALUE})")
    int progressSeconds;

    /** What this agent's options say, checked against the scenario and the clock: what it plays, where, from when. */
    record Plan(Path scenario, ScenarioSpec spec, ExternalTarget target, LoadAgent agent) {
    }

    @Override
    public Integer call() {
        Optional<ScenarioSpec> loaded = scenario.load();
        if (loaded.isEmpty()) {
            return ReplsimCommand.BAD_INPUT;
        }
        Plan plan;
        try {
            new FlagRange("--progress-every", "whole seconds from 1 to 3600", s -> s >= 1 && s <= 3600)
                    .check(progressSeconds);
            plan = plan(loaded.get(), Instant.now());
        } catch (IllegalArgumentException e) {
            System.err.println("replsim agent: " + e.getMessage());
            return ReplsimCommand.BAD_INPUT;
        }
        PlayedRuntime<?> played = PlayedRuntime.of(plan.spec(), Optional.of(plan.target()),
                NodeLauncher.currentJvm(), System.out);
        RuntimeRefusals refusals = RuntimeRefusals.of(plan.spec(), played);
        if (refusals.any()) {
            refusals.print("agent", scenario.path.toString());
            return ReplsimCommand.BAD_INPUT;
        }
        announce(plan, System.out);
        try {
            return ClusterWork.exitCode("agent run", () -> RunCommand.exitCode(
                    play(plan, played, scenario.runsDir, Duration.ofSeconds(progressSeconds), System.out).summary()));
        } catch (IllegalStateException late) {
            System.err.println("replsim agent: " + late.getMessage());
            return ReplsimCommand.RUN_BROKE;
        }
    }

    /**
     * Plays {@code plan} on {@code played} into a new run directory under {@code runsDir} and adds the agent's
     * record for the merge; what the command runs once its options are checked.
     */
    static RunOutcome play(Plan plan, PlayedRuntime<?> played, Path runsDir, Duration progressEvery, PrintStream out)
            throws IOException, InterruptedException, ClusterStartException {
        LoadAgent share = plan.agent();
        RunOutcome outcome = new ScenarioRunner(runsDir, NodeLauncher.currentJvm(), out, progressEvery)
                .asAgent(share).run(plan.spec(), plan.scenario(), played);
        int users = plan.spec().load().users();
        AgentRecord.write(outcome.directory(), new AgentRecord(share.share().agent(), share.share().agents(), users,
                share.share().count(users), share.seed(), share.startAt().toString(),
                outcome.load().startedAt().toString()), outcome.load());
        return outcome;
    }

    /**
     * Checks the options against {@code spec} at {@code now}; throws naming the option and what it expects. What a
     * deployment's command line is checked with (docker/'s agents), and what {@link #call} plays.
     */
    Plan plan(ScenarioSpec spec, Instant now) {
        UserShare share = share(agent);
        Instant start = start(startAt, now);
        ExternalTarget target = external.target(spec.workload()).orElseThrow(() -> new IllegalArgumentException(
                "--target: none given; an agent drives a cluster that is already running, the same for every agent:"
                        + " give each node as --target name=http://host:port"));
        if (spec.load().isOpen()) {
            throw new IllegalArgumentException(scenario.path + ": load.model is open; agents share a closed model's"
                    + " users (load.users), so give the agents a closed-model scenario");
        }
        if (!spec.faults().isEmpty()) {
            throw new IllegalArgumentException(scenario.path + " has " + spec.faults().size() + " fault(s); every"
                    + " agent would play them: drive the load with agents and play faults from one place (replsim"
                    + " run --target with --kill-command), or remove the faults section");
        }
        if (spec.load().history()) {
            throw new IllegalArgumentException(scenario.path + ": load.history is true; each agent would record the"
                    + " history of its own users only and the merge does not join histories: set it to false");
        }
        if (spec.repeat() > 1) {
            throw new IllegalArgumentException(scenario.path + " repeats " + spec.repeat() + " runs; an agent plays"
                    + " one: set repeat: 1");
        }
        if (spec.load().users() < share.agents()) {
            throw new IllegalArgumentException("--agent " + share + ": " + scenario.path + " has "
                    + spec.load().users() + " users, fewer than the " + share.agents() + " agents: use at most "
                    + spec.load().users() + " agents");
        }
        return new Plan(scenario.path, spec, target,
                new LoadAgent(share, start, seed == null ? LoadAgent.seedOf(start) : seed));
    }

    static UserShare share(String text) {
        Matcher matcher = SHARE.matcher(text.trim());
        if (!matcher.matches()) {
            throw new IllegalArgumentException("--agent: got \"" + text + "\", expected i/n such as 1/2: this agent's"
                    + " number from 1 and how many agents share the load");
        }
        try {
            return new UserShare(Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--agent: got \"" + text + "\", a number too large; expected i/n"
                    + " such as 1/2");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--agent: " + e.getMessage());
        }
    }

    static Instant start(String text, Instant now) {
        Instant start;
        try {
            start = Instant.parse(text.trim());
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("--start-at: got \"" + text + "\", expected an ISO-8601 instant in UTC"
                    + " such as 2026-11-29T10:30:00Z, the same for every agent");
        }
        Duration late = Duration.between(start, now);
        if (late.compareTo(LoadAgent.LATE_AT_MOST) > 0) {
            throw new IllegalArgumentException("--start-at: " + start + " passed " + late.toSeconds() + " s ago (now "
                    + now + "), more than the " + LoadAgent.LATE_AT_MOST.toSeconds() + " s an agent may start late;"
                    + " give every agent a start ahead of now, e.g. a minute ahead");
        }
        return start;
    }

    private static void announce(Plan plan, PrintStream out) {
        LoadAgent agent = plan.agent();
        int users = plan.spec().load().users();
        int[] run = agent.share().indices(users).toArray();
        String which = run.length <= 4 ? Arrays.toString(run)
                : "[" + run[0] + ", " + run[1] + ", " + run[2] + ", ..., " + run[run.length - 1] + "]";
        out.println("replsim: agent " + agent.share() + " runs users " + which + " (" + run.length + " of the " + users
                + "), seed " + agent.seed() + ", its load from " + agent.startAt());
    }
}
