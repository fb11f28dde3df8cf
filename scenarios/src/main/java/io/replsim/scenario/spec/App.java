package io.replsim.scenario.spec;

import io.replsim.node.app.BeanApp;
import io.replsim.node.app.CartApp;
import io.replsim.node.app.CounterApp;
import io.replsim.node.app.ProfileApp;
import io.replsim.settings.Labelled;

/** The workload application the nodes serve and the load driver checks; both answer in the counter's format. */
public enum App implements Labelled {
    /** A per-session serial number and payload: every response tells whether the session survived intact. */
    COUNTER(CounterApp.PATH),
    /** Sessions shaped like an application's (workload.profile), with the counter's serial and digest. */
    PROFILE(ProfileApp.PATH),
    /** A stateful session bean per user, incremented on each call, failing over like a session. */
    BEAN(BeanApp.PATH),
    /** A shopping cart of small line items, one added per request. */
    CART(CartApp.PATH);

    private final String path;

    App(String path) {
        this.path = path;
    }

    /** Where the nodes serve it: the load driver's request path. */
    public String path() {
        return path;
    }
}
