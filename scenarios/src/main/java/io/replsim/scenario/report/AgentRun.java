package io.replsim.scenario.report;

import io.replsim.scenario.spec.ScenarioLoader;
import io.replsim.scenario.spec.ScenarioSpec;
import io.replsim.scenario.spec.SpecException;
import java.nio.file.Path;

/**
 * One load agent's run directory as {@code replsim agent} left it, read back for the merge: its run (summary.json,
 * timeline.json, latency.hlog), its agent.json and agent.hlog, and the scenario it played (its copy, scenario.yaml).
 */
public record AgentRun(Path directory, AgentRecord agent, RecordedRun run, AgentRecord.Histograms histograms,
                ScenarioSpec spec) {
    static final String SCENARIO = "scenario.yaml";

    /** Reads an agent's directory; says what is missing or unreadable and what to do. */
    static AgentRun read(Path directory) throws UnreadableRunException {
        RecordedRun run = RecordedRun.read(directory);
        if (!AgentRecord.recorded(directory)) {
            throw new UnreadableRunException(directory + " holds no " + AgentRecord.FILE + ": not a load agent's run"
                    + " directory (replsim agent writes one); merge --into takes every agent's directory, and without"
                    + " --into merge adds latency logs alone");
        }
        ScenarioSpec spec;
        try {
            spec = ScenarioLoader.load(directory.resolve(SCENARIO));
        } catch (SpecException e) {
            throw new UnreadableRunException(directory.resolve(SCENARIO) + " cannot be read as the scenario the agent"
                    + " played: " + e.getMessage());
        }
        return new AgentRun(directory, AgentRecord.read(directory), run, AgentRecord.readHistograms(directory), spec);
    }

    /** summary.json's figures. */
    public RunSummary summary() {
        return run.summary();
    }

    /** How the merge names this agent: its share and directory. */
    String name() {
        return "agent " + agent.share() + " (" + directory + ")";
    }
}
