package io.replsim.scenario.runtime;

/** This host does not let the runtime give its nodes a CPU quota; the message says why. */
public final class CgroupUnavailableException extends Exception {

    public CgroupUnavailableException(String reason) {
        super(reason);
    }
}
