package io.replsim.loadgen.user;

/**
 * The request that ends a session: the app's own path with {@code end} added to its query. The replsim apps serve
 * it as usual, answer, then invalidate the session on every node; the answer is judged like any other, so a
 * session lost just before its logout is still seen.
 */
public final class LogoutPath {
    private LogoutPath() {
    }

    public static String of(String path) {
        return path + (path.contains("?") ? "&" : "?") + "end";
    }
}
