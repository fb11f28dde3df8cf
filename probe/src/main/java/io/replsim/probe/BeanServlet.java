package io.replsim.probe;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.util.Optional;

/**
 * {@code GET /replsim-probe/bean[?op=increment|peek][&end]}: a stateful-bean-like object in the session, counted up
 * by {@code increment} and only read by {@code peek} (docs/interfaces.md §2e); with {@code X-Replsim-Request}, the
 * session's list of recorded requests too ({@link RequestList}).
 */
public final class BeanServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String op = request.getParameter("op");
        BeanProbe.Operation operation;
        if (op == null || op.equals("increment")) {
            operation = BeanProbe.Operation.INCREMENT;
        } else if (op.equals("peek")) {
            operation = BeanProbe.Operation.PEEK;
        } else {
            ProbeAnswer.badRequest(response, "op: got \"" + op + "\", expected increment or peek");
            return;
        }
        Optional<RecordedRequest> recorded;
        try {
            recorded = RecordedRequest.of(request);
        } catch (IllegalArgumentException e) {
            ProbeAnswer.badRequest(response, e.getMessage());
            return;
        }
        HttpSession session = request.getSession(true);
        String id = ProbeAnswer.baseId(session.getId());
        String node = ProbeAnswer.route(request, session);
        ProbeOutcome outcome;
        synchronized (session) {
            boolean created = SessionServlet.created(session, BeanProbe.ATTRIBUTE);
            outcome = BeanProbe.handle(SessionView.of(session), id, created, operation, recorded);
        }
        ProbeAnswer.send(response, outcome, "bean", id, node);
        if (request.getParameter("end") != null) {
            session.invalidate();
        }
    }
}
