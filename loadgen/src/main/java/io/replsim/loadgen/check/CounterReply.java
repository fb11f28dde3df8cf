package io.replsim.loadgen.check;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The counter app's {@code 200} body:
 * {@code {"session":"<id>","serial":7,"node":"node2","digest":"<16 hex>","created":false}}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CounterReply(String session, long serial, String node, String digest, boolean created) {

    /**
     * The digest of an answer that did not show the field {@code --expect} names: never the digest of a state, so
     * the answer is judged CORRUPT and never adopted as the digest later answers must keep.
     */
    static final String EXPECTATION_UNMET = "!expectation-unmet";

    /** The same reply, marked as not showing the content the target's expectation names. */
    public CounterReply withExpectationUnmet() {
        return new CounterReply(session, serial, node, EXPECTATION_UNMET, created);
    }

    /** Whether the answer did not show the content the target's expectation names ({@code --expect}). */
    public boolean expectationUnmet() {
        return EXPECTATION_UNMET.equals(digest);
    }

    /** Whether the fields the checks rely on are there; a reply without them cannot be judged. */
    public boolean complete() {
        return session != null && !session.isEmpty() && digest != null && serial >= 1;
    }
}
