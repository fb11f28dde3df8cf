package io.replsim.scenario.capacity;

/**
 * A limit whose measure rises with the load, so that a line fitted to the steps near the answer says where the
 * limit is reached: the busiest node's CPU over its budget, and the latency statistic (as its logarithm, since a
 * queue's latency rises ever faster as it fills). The other limits, errors, validity and the machine's cores, are a
 * step's verdict with no measure to fit: they bound the answer from the steps alone.
 */
public enum RisingMeasure {
    CPU(Limit.CPU) {
        @Override
        Double of(StepMeasurement step, CapacityCriteria criteria) {
            return step.maxCpuUtilization();
        }

        @Override
        double limit(CapacityCriteria criteria) {
            return criteria.cpuLimit();
        }

        @Override
        String noun(CapacityCriteria criteria) {
            return "the busiest node's CPU";
        }
    },
    LATENCY(Limit.LATENCY) {
        @Override
        Double of(StepMeasurement step, CapacityCriteria criteria) {
            double millis = step.latencyMillis(criteria.statistic());
            // a step answered in under 1 µs at that statistic reads as 1 µs: the logarithm of 0 is no reading
            return Math.log(Math.max(millis, 0.001));
        }

        @Override
        double limit(CapacityCriteria criteria) {
            return Math.log(criteria.latencyLimit().toNanos() / 1e6);
        }

        @Override
        String noun(CapacityCriteria criteria) {
            return criteria.statistic().label();
        }
    };

    private final Limit limit;

    RisingMeasure(Limit limit) {
        this.limit = limit;
    }

    /** The step's reading of this measure; null when not read (a target's CPU). */
    abstract Double of(StepMeasurement step, CapacityCriteria criteria);

    /** The reading at which the limit is reached. */
    abstract double limit(CapacityCriteria criteria);

    /** What the measure is, for the console: "the busiest node's CPU", "p90". */
    abstract String noun(CapacityCriteria criteria);

    public Limit limit() {
        return limit;
    }

    /** The measure of {@code limit}, or null for a limit with no measure to fit. */
    static RisingMeasure of(Limit limit) {
        return switch (limit) {
            case CPU -> CPU;
            case LATENCY -> LATENCY;
            case ERRORS, SESSIONS, VALIDITY, MACHINE -> null;
        };
    }
}
