package io.replsim.loadgen.check;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * The counter app's {@code 200} body:
 * {@code {"session":"<id>","serial":7,"node":"node2","digest":"<16 hex>","created":false}}.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record CounterReply(String session, long serial, String node, String digest, boolean created) {

    /** Whether the fields the checks rely on are there; a reply without them cannot be judged. */
    public boolean complete() {
        return session != null && !session.isEmpty() && digest != null && serial >= 1;
    }
}
