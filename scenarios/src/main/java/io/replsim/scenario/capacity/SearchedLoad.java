package io.replsim.scenario.capacity;

import io.replsim.scenario.spec.LoadSpec;

/**
 * What a capacity search steps through, whole numbers of it: users for the closed model, arrivals a second for the
 * open one (its sessions stay the scenario's {@code load.sessions} at every step). The search, its criteria and its
 * report are the same for both; only the unit they are counted in differs.
 */
public enum SearchedLoad {
    /** Closed model: the step's {@code load.users}, each thinking {@code load.thinkTime} between requests. */
    USERS("users", "users"),
    /** Open model: the step's {@code load.rate}, requests arriving whatever the answers do. */
    ARRIVAL_RATE("arrivals/s", "arrivals_per_s");

    private final String unit;
    private final String column;

    SearchedLoad(String unit, String column) {
        this.unit = unit;
        this.column = column;
    }

    public static SearchedLoad of(LoadSpec load) {
        return load.isOpen() ? ARRIVAL_RATE : USERS;
    }

    /** The load a summary.json's {@code loadUnit} names; users when it names none (a summary before the unit). */
    public static SearchedLoad ofUnit(String unit) {
        return ARRIVAL_RATE.unit.equals(unit) ? ARRIVAL_RATE : USERS;
    }

    /** How the console and summary.json name a step's load: {@code users} or {@code arrivals/s}. */
    public String unit() {
        return unit;
    }

    /** The column of capacity.csv that holds a step's load. */
    public String column() {
        return column;
    }

    /** {@code load} at {@code level} of this unit. */
    public LoadSpec at(LoadSpec load, int level) {
        return switch (this) {
            case USERS -> load.withUsers(level);
            case ARRIVAL_RATE -> load.withRate(level);
        };
    }

    /** The scenario's own load in this unit, where a search starts unless told otherwise (a rate rounded up). */
    public int levelOf(LoadSpec load) {
        return switch (this) {
            case USERS -> load.users();
            case ARRIVAL_RATE -> (int) Math.ceil(load.open().orElseThrow().ratePerSecond());
        };
    }
}
