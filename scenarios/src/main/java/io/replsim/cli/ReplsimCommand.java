package io.replsim.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code replsim} command line. Exit codes: 0 checks held, 1 a check failed, 2 bad input, 3 the run broke,
 * 4 the run was INVALID (its figures describe the driver; {@code --accept-invalid} reports it by its checks).
 */
@Command(name = "replsim", mixinStandardHelpOptions = true, version = "replsim 0.1.0",
        description = "Session-replication and clustering simulator: runs a scenario against a real cluster.",
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = {"0:the checks held", "1:a check failed",
                "2:bad input", "3:the run broke", "4:the run was INVALID (run and soak; see --accept-invalid), or a comparison NOT COMPARABLE"},
        subcommands = {RunCommand.class, AgentCommand.class, ValidateCommand.class, CapacityCommand.class, SizeCommand.class,
                SoakCommand.class, CompareCommand.class, MergeCommand.class, CheckCommand.class, ReportCommand.class, ResultsCommand.class,
                TrainNodesCommand.class, CommandLine.HelpCommand.class})
public final class ReplsimCommand implements Runnable {
    static final int CHECKS_FAILED = 1;
    static final int BAD_INPUT = 2;
    static final int RUN_BROKE = 3;
    static final int INVALID_RUN = 4;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    public static void main(String[] args) {
        // picocli answers a bad option or a missing argument with its usage and exit code 2 (BAD_INPUT).
        System.exit(new CommandLine(new ReplsimCommand()).execute(args));
    }
}
