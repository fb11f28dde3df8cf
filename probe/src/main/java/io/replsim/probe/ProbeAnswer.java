package io.replsim.probe;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * How the probe answers, in the replsim counter's format (docs/interfaces.md §2) so the driver reads it as it reads
 * replsim's own nodes: {@code {"session","serial","node","digest","created"}}, the header {@code X-Replsim-Node} and,
 * for a request of a recorded history, {@code X-Replsim-List};
 * a session it cannot judge is a {@code 500} with {@code X-Replsim-Session: unreadable}; a damaged one is also
 * logged, one line on standard output, for the cross-check of the driver's verdicts against the server's own view.
 */
final class ProbeAnswer {
    static final String DAMAGE_LOG_PREFIX = "REPLSIM-PROBE-DAMAGE";

    private ProbeAnswer() {
    }

    /** The session id without its route suffix ({@code <id>.<jvmRoute>}): the route changes on a failover. */
    static String baseId(String id) {
        int dot = id.indexOf('.');
        return dot < 0 ? id : id.substring(0, dot);
    }

    /**
     * The node's route: the {@code jvmRoute} system property (which Tomcat's engine also reads), else the session
     * id's suffix, else the local address and port.
     */
    static String route(HttpServletRequest request, HttpSession session) {
        String property = System.getProperty("jvmRoute");
        if (property != null && !property.isBlank()) {
            return property;
        }
        String id = session.getId();
        int dot = id.indexOf('.');
        return dot >= 0 ? id.substring(dot + 1) : request.getLocalAddr() + ":" + request.getLocalPort();
    }

    static void send(HttpServletResponse response, ProbeOutcome outcome, String page, String session, String node)
            throws IOException {
        response.setHeader("X-Replsim-Node", node);
        response.setHeader("Cache-Control", "no-store");
        response.setContentType("application/json");
        response.setCharacterEncoding("UTF-8");
        if (outcome instanceof ProbeOutcome.Answered answered) {
            if (answered.damaged()) {
                log(page, session, node, answered);
            }
            answered.list().ifPresent(list -> response.setHeader(RequestList.LIST_HEADER, list));
            write(response, "{\"session\":\"" + session + "\",\"serial\":" + answered.serial() + ",\"node\":\""
                    + escape(node) + "\",\"digest\":\"" + answered.digest() + "\",\"created\":"
                    + answered.created() + "}");
        } else if (outcome instanceof ProbeOutcome.Unreadable unreadable) {
            System.out.println(DAMAGE_LOG_PREFIX + " page=" + page + " session=" + session + " node=" + node
                    + " unreadable=\"" + unreadable.reason() + "\"");
            response.setStatus(500);
            response.setHeader("X-Replsim-Session", "unreadable");
            write(response, "{\"error\":\"session " + session + " is unreadable: " + escape(unreadable.reason())
                    + "\"}");
        }
    }

    static void badRequest(HttpServletResponse response, String why) throws IOException {
        response.setStatus(400);
        response.setContentType("application/json");
        write(response, "{\"error\":\"" + escape(why) + "\"}");
    }

    private static void log(String page, String session, String node, ProbeOutcome.Answered answered) {
        System.out.println(DAMAGE_LOG_PREFIX + " page=" + page + " session=" + session + " serial=" + answered.serial()
                + " node=" + node + " read=" + describe(answered.read()) + " answered="
                + describe(answered.answered()));
    }

    private static String describe(Damage damage) {
        return damage.isNone() ? "ok" : "[" + damage + "]";
    }

    private static void write(HttpServletResponse response, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        response.setContentLength(bytes.length);
        response.getOutputStream().write(bytes);
    }

    private static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
