package io.replsim.loadgen.check.state;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The cart app's session: an identity, the count of lines ever added ({@code added}, the serial) and the newest
 * {@value #MAX_LINES} lines, each derived from the session id and its number.
 */
public record CartState() implements AppState {
    static final int MAX_LINES = 50;

    @Override
    public List<Written> at(String session, long serial) {
        return List.of(new Written("identity", 0, () -> DerivedRandom.bytes(session, "identity", 0, 32)),
                new Written("added", serial, () -> serial),
                new Written("cart", serial, () -> lines(session, serial)));
    }

    private static List<Map<String, Object>> lines(String session, long serial) {
        var lines = new ArrayList<Map<String, Object>>();
        for (long number = Math.max(1, serial - MAX_LINES + 1); number <= serial; number++) {
            var random = new DerivedRandom(session, "line", number);
            var line = new HashMap<String, Object>();
            line.put("sku", "SKU-" + random.below(100_000));
            line.put("quantity", 1 + (int) random.below(5));
            line.put("priceCents", random.below(100_000));
            line.put("line", number);
            lines.add(line);
        }
        return lines;
    }
}
