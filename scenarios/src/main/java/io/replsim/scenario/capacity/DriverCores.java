package io.replsim.scenario.capacity;

/**
 * The driver's own CPU over a step's steady window, in cores, and the cores of the machine it ran on (its JVM's
 * available processors, which honour a container's limit). The nodes replsim starts share that machine, so their
 * budgets and the driver's cores together must fit in it for each node to have its budget when it needs it.
 */
public record DriverCores(double used, int machineCores) {

    /** A step whose driver was not measured (a test's stand-in step). */
    public static final DriverCores NOT_MEASURED = new DriverCores(0, 0);

    public DriverCores {
        if (used < 0 || machineCores < 0) {
            throw new IllegalArgumentException("cores used and the machine's cores are 0 or more, got " + used
                    + " and " + machineCores);
        }
    }

    public boolean measured() {
        return machineCores > 0;
    }

    /** Whether the nodes' budgets, {@code budgetCores} together, and this driver need more than the machine has. */
    public boolean overcommits(double budgetCores) {
        return measured() && budgetCores + used > machineCores;
    }
}
