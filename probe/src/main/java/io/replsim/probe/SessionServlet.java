package io.replsim.probe;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.util.Optional;

/**
 * {@code GET /replsim-probe/session?kb=N&attrs=K&share=S[&readonly|&inplace][&end]}: the serial and K attributes
 * of content the driver can recompute, a share replaced per request (docs/interfaces.md §2e); with {@code
 * X-Replsim-Request}, the session's list of recorded requests too ({@link RequestList}).
 */
public final class SessionServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        ProbeShape shape;
        Optional<RecordedRequest> recorded;
        try {
            shape = ProbeShape.of(request::getParameter);
            recorded = RecordedRequest.of(request);
        } catch (IllegalArgumentException e) {
            ProbeAnswer.badRequest(response, e.getMessage());
            return;
        }
        HttpSession session = request.getSession(true);
        String id = ProbeAnswer.baseId(session.getId());
        String node = ProbeAnswer.route(request, session);
        ProbeOutcome outcome;
        // Requests on one session overlap (a user's tabs, a retried request beside its first): the lock makes them
        // take turns on this member from reading the session to writing it, as replsim's per-session lock does.
        synchronized (session) {
            outcome = SessionProbe.handle(SessionView.of(session), id, created(session, ProbeContent.SERIAL), shape,
                    request.getParameter("readonly") != null ? SessionProbe.Mode.READ_ONLY
                            : request.getParameter("inplace") != null ? SessionProbe.Mode.IN_PLACE
                            : SessionProbe.Mode.WRITE, recorded);
        }
        ProbeAnswer.send(response, outcome, "session", id, node);
        if (request.getParameter("end") != null) {
            session.invalidate();
        }
    }

    /**
     * Whether the server made the session for this request: new and still empty. A session a member received by
     * replication can still say it is new there (its first answer went out from another member), and is not.
     */
    static boolean created(HttpSession session, String attribute) {
        return session.isNew() && session.getAttribute(attribute) == null;
    }
}
