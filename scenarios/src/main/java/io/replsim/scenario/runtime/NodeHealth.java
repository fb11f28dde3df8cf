package io.replsim.scenario.runtime;

/** What {@code /admin/health} says. */
public record NodeHealth(String status, String node, int members) {
    public boolean up() {
        return "UP".equals(status);
    }
}
