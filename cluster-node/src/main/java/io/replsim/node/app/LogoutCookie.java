package io.replsim.node.app;

import io.replsim.settings.Grammar;
import io.replsim.settings.Labelled;
import io.replsim.settings.Setting;
import io.replsim.settings.SettingsGroup;

/**
 * What an app's logout ({@code ?end}) does with the session cookie. EXPIRE (replsim's default): the answer expires
 * it ({@code Max-Age=0}), so a browser stops sending it. KEEP: the session ends on the server and the cookie is not
 * touched, as a Servlet app that calls {@code HttpSession.invalidate()} alone does; the browser's next request still
 * carries the ended session's id, and whichever node it reaches decides what that id is worth.
 */
public enum LogoutCookie implements Labelled {
    EXPIRE,
    KEEP;

    /** A scenario's {@code workload.logoutCookie}, the node's {@code --logout-cookie}; written unless the default. */
    public static final Setting<LogoutCookie, LogoutCookie> SETTING = Setting.of("logoutCookie", "--logout-cookie",
                    Grammar.choice("what a logout does with the session cookie", LogoutCookie.class),
                    (LogoutCookie kept) -> kept)
            .writtenWhen(kept -> kept != EXPIRE);
    public static final SettingsGroup<LogoutCookie> SETTINGS = SettingsGroup.of(SETTING::readFrom, SETTING);
}
