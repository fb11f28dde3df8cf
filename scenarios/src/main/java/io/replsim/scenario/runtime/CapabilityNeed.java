package io.replsim.scenario.runtime;

import java.util.Objects;

/**
 * One thing a scenario (or a command's flag) needs of its runtime: where it is ({@code path}, as the scenario file
 * or the command line writes it), what it is ({@code what}: "a pause", "the open model"), the capability it needs,
 * and what the user can write instead wherever it is played ({@code instead}: "remove it").
 */
public record CapabilityNeed(String path, String what, RuntimeCapability capability, String instead) {
    public CapabilityNeed {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(what, "what");
        Objects.requireNonNull(capability, "capability");
        Objects.requireNonNull(instead, "instead");
    }
}
