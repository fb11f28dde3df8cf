package io.replsim.scenario.runtime;

/** Why a call to a node failed, in words for a console line. */
public final class FailureText {

    private FailureText() {
    }

    /**
     * The exception's message, or its kind when it has none: the JDK's HTTP client refuses a connection with a
     * ConnectException that carries no message, which a line would otherwise print as "null".
     */
    public static String of(Exception failure) {
        return failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
    }
}
