package io.replsim.probe;

import jakarta.servlet.http.HttpSession;
import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/** The attributes of one session, as the probe reads and writes them; an {@link HttpSession} in a server. */
interface SessionView {

    /** Every attribute the session holds now. */
    Map<String, Object> attributes();

    Object get(String name);

    /** Writes through {@code setAttribute}, which is what marks an attribute for replication. */
    void set(String name, Object value);

    static SessionView of(HttpSession session) {
        return new SessionView() {
            @Override
            public Map<String, Object> attributes() {
                Map<String, Object> attributes = new HashMap<>();
                for (String name : Collections.list(session.getAttributeNames())) {
                    attributes.put(name, session.getAttribute(name));
                }
                return attributes;
            }

            @Override
            public Object get(String name) {
                return session.getAttribute(name);
            }

            @Override
            public void set(String name, Object value) {
                session.setAttribute(name, value);
            }
        };
    }
}
