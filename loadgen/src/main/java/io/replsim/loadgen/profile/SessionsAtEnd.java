package io.replsim.loadgen.profile;

/** What the users do with the sessions they hold when the run's duration is over. */
public enum SessionsAtEnd {
    /** They stop where they are, as closed browsers do: the sessions stay on the nodes. */
    KEPT,
    /**
     * Each user ends every session it holds (the app's logout, judged like any request) before it stops, after the
     * steady window: the next run on the same cluster starts without this run's sessions (a capacity search's steps).
     */
    ENDED
}
