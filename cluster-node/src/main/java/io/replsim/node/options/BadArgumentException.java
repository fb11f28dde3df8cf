package io.replsim.node.options;

/**
 * A command-line argument the node cannot run with: which one, what was given, what is expected. Unchecked, since
 * it leaves a settings group's reading ({@link CommandLine} is one of its sources) at the first problem.
 */
public class BadArgumentException extends RuntimeException {
    private final String argument;

    public BadArgumentException(String argument, String given, String expected) {
        super(argument + ": got " + (given == null ? "nothing" : "\"" + given + "\"") + ", expected " + expected);
        this.argument = argument;
    }

    public String argument() {
        return argument;
    }
}
