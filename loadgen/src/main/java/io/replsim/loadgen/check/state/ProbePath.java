package io.replsim.loadgen.check.state;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The probe app's pages (docs/interfaces.md §2e), deployed as {@code replsim-probe.war}: {@code
 * /replsim-probe/session?kb=N&attrs=K&share=S} and {@code /replsim-probe/bean}. A request to one of them builds a
 * session the driver can model from the path alone, so the path is the whole contract: the same string is sent and
 * modelled.
 */
public final class ProbePath {
    /** The context path a server gives {@code replsim-probe.war}. */
    public static final String CONTEXT = "/replsim-probe";
    public static final String SESSION = CONTEXT + "/session";
    public static final String BEAN = CONTEXT + "/bean";
    /** The probe's defaults when the query leaves a parameter out. */
    public static final ProbeState DEFAULT = new ProbeState(4, 8, 0.25);

    private ProbePath() {
    }

    /** The state a request to {@code path} builds, when it is one of the probe's writing pages; else empty. */
    public static Optional<AppState> model(String path) {
        int question = path.indexOf('?');
        String page = question < 0 ? path : path.substring(0, question);
        Map<String, String> query = query(question < 0 ? "" : path.substring(question + 1));
        if (page.equals(BEAN) && query.getOrDefault("op", "increment").equals("increment")) {
            return Optional.of(new BeanState());
        }
        if (page.equals(SESSION) && !query.containsKey("readonly")) {
            try {
                return Optional.of(new ProbeState(whole(query, "kb", DEFAULT.kb()), whole(query, "attrs",
                        DEFAULT.attrs()), query.containsKey("share") ? Double.parseDouble(query.get("share"))
                        : DEFAULT.share()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("path: got '" + path + "': " + e.getMessage()
                        + "; the probe takes kb (0-10240), attrs (1-1000) and share (0-1)");
            }
        }
        return Optional.empty();
    }

    /** Whether {@code path} is one of the probe's pages, reading or writing. */
    public static boolean isProbe(String path) {
        return path.startsWith(CONTEXT + "/");
    }

    /** The probe's session page for a session of {@code kb} over {@code attrs} attributes, {@code share} changed. */
    public static String session(int kb, int attrs, double share) {
        new ProbeState(kb, attrs, share);
        return SESSION + "?kb=" + kb + "&attrs=" + attrs + "&share=" + share;
    }

    private static int whole(Map<String, String> query, String name, int fallback) {
        return query.containsKey(name) ? Integer.parseInt(query.get(name)) : fallback;
    }

    private static Map<String, String> query(String text) {
        Map<String, String> query = new HashMap<>();
        for (String pair : text.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int equals = pair.indexOf('=');
            String name = URLDecoder.decode(equals < 0 ? pair : pair.substring(0, equals), StandardCharsets.UTF_8);
            String value = equals < 0 ? "" : URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
            query.put(name, value);
        }
        return query;
    }
}
