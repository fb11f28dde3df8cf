package io.replsim.replication;

/**
 * A choice of a spec the engine it names cannot honour; the spec is refused before anything starts.
 *
 * @param field   the scenario field under {@code replication} that asks for it
 * @param problem why the engine cannot, and what to use instead
 */
public record EngineRefusal(String field, String problem) {
}
