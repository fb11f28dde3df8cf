package io.replsim.outside;

/** A type of replsim's outside the settings module, standing in for replication's or loadgen's in the rule's test. */
public final class OutsideType {

    private OutsideType() {
    }

    public static int value() {
        return 1;
    }
}
