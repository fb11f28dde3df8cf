package io.replsim.probe;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which attributes of a session differ from what the requests wrote: missing, extra, or holding other bytes. Empty
 * when the session is intact. What the probe logs, so the server's own view of the damage can be set beside the
 * driver's verdicts. The list of recorded requests ({@link RequestList}) is not compared.
 */
record Damage(List<String> missing, List<String> extra, List<String> differing) {

    Damage {
        missing = List.copyOf(missing);
        extra = List.copyOf(extra);
        differing = List.copyOf(differing);
    }

    static Damage between(Map<String, Object> expected, Map<String, Object> actual) {
        List<String> missing = new ArrayList<>();
        List<String> extra = new ArrayList<>();
        List<String> differing = new ArrayList<>();
        var names = new TreeSet<String>(expected.keySet());
        names.addAll(actual.keySet());
        // The list of recorded requests is no part of the content a serial implies (the history's checker judges
        // it, StateDigest leaves it out), so a session holding it is not damaged for that.
        names.remove(RequestList.ATTRIBUTE);
        for (String name : names) {
            if (!actual.containsKey(name)) {
                missing.add(name);
            } else if (!expected.containsKey(name)) {
                extra.add(name);
            } else if (!Arrays.equals(StateDigest.attribute(name, expected.get(name)),
                    StateDigest.attribute(name, actual.get(name)))) {
                differing.add(name);
            }
        }
        return new Damage(missing, extra, differing);
    }

    /** An intact session. */
    static Damage none() {
        return new Damage(List.of(), List.of(), List.of());
    }

    boolean isNone() {
        return missing.isEmpty() && extra.isEmpty() && differing.isEmpty();
    }

    @Override
    public String toString() {
        return "missing=" + String.join(",", missing) + " extra=" + String.join(",", extra) + " differing="
                + String.join(",", differing);
    }
}
